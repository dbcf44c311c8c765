/**
 * `npm run staff:add -- --email <address>` gives an existing account the staff role;
 * `npm run staff:remove -- --email <address>` takes it away (the account stays a customer).
 * Against the configured backend (the environment, else `.env.local` written by `npm start`).
 * The role lives in `staff_members`, which only the service role can read or write; staff must
 * also turn on two-factor sign-in before the console (/staff) lets them in.
 */
import { parseArgs } from 'node:util';
import { loadLocalEnv } from './local-env.ts';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({ args: rest, options: { email: { type: 'string' } } });
if ((command !== 'add' && command !== 'remove') || !values.email?.includes('@')) {
	console.error(
		'Usage: npm run staff:add -- --email <address> | npm run staff:remove -- --email <address>',
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
const rpc = command === 'add' ? 'grant_staff' : 'revoke_staff';
const { data, error } = await admin.rpc(rpc, { email: values.email });
if (error) throw new Error(`${rpc}: ${error.message}`);
console.log(JSON.stringify({ email: values.email, outcome: data }));
if (data === 'not_found')
	console.error('No account has that address: the person signs up on the site first.');
process.exit(data === 'not_found' ? 1 : 0);
