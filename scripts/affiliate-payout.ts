/**
 * `npm run affiliate:payout -- --list` shows the payout requests waiting; `npm run affiliate:payout
 * -- --payout <uuid> --paid` (after sending the money to the details given) or `--rejected`
 * (their commissions return to the affiliate's available balance) settles one. Against the
 * configured backend (the environment, else `.env.local` written by `npm start`).
 */
import { parseArgs } from 'node:util';
import { loadLocalEnv } from './local-env.ts';

const { values } = parseArgs({
	options: {
		list: { type: 'boolean' },
		payout: { type: 'string' },
		paid: { type: 'boolean' },
		rejected: { type: 'boolean' },
	},
});
if (!values.list && (!values.payout || values.paid === values.rejected)) {
	console.error(
		'Usage: npm run affiliate:payout -- --list | --payout <uuid> (--paid | --rejected)',
	);
	process.exit(2);
}
loadLocalEnv();

const { adminClient } = await import('../src/server/supabase/admin-client.ts');
const admin = adminClient();
if (!admin) {
	console.error('Set PUBLIC_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or run npm start first).');
	process.exit(2);
}
if (values.list) {
	const { data, error } = await admin
		.from('affiliate_payouts')
		.select('id, affiliate_id, currency, amount, details, requested_at')
		.eq('status', 'requested')
		.order('requested_at');
	if (error) throw new Error(error.message);
	console.log(JSON.stringify(data, null, 2));
	process.exit(0);
}
const { data, error } = await admin.rpc('settle_affiliate_payout', {
	payout: values.payout!,
	outcome: values.paid ? 'paid' : 'rejected',
});
if (error) throw new Error(error.message);
console.log(JSON.stringify({ payout: values.payout, outcome: data }));
process.exit(data === 'not_found' ? 1 : 0);
