/**
 * `npm run support:reply -- --ticket <uuid> --message "…"`: a staff reply in a customer's ticket
 * against the configured backend (the environment, else `.env.local` written by `npm start`). The
 * reply shows in the customer's thread as staff, the ticket becomes answered, and the customer is
 * mailed the reply in their profile's language with a link to the thread. Prints what happened as
 * JSON; exits 1 when nothing was recorded (no such ticket, no message), 0 once the reply is in,
 * even if the mail could not be sent (`"mailed": false`, and the mail error is logged).
 * Multi-paragraph replies: `--message "$(cat reply.txt)"`.
 */
import { parseArgs } from 'node:util';
import { loadLocalEnv } from './local-env.ts';
import { siteOrigin } from '../src/server/config/site-origin';

const { values } = parseArgs({
	options: { ticket: { type: 'string' }, message: { type: 'string' } },
});
if (!values.ticket || !values.message) {
	console.error('Usage: npm run support:reply -- --ticket <ticket uuid> --message "…"');
	process.exit(2);
}
loadLocalEnv();

const { adminClient } = await import('../src/server/supabase/admin-client.ts');
const { staffReply } = await import('../src/server/support/staff-reply.ts');
const admin = adminClient();
if (!admin) {
	console.error('Set PUBLIC_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or run npm start first).');
	process.exit(2);
}
const origin = siteOrigin();
const result = await staffReply(admin, values.ticket, values.message, origin);
console.log(JSON.stringify(result, null, 2));
process.exit(result.outcome === 'sent' ? 0 : 1);
