/**
 * `npm run billing:run [-- --now <ISO time>]`: one billing run against the configured backend (the
 * environment, else `.env.local` written by `npm start`), at the given moment or now. Prints what
 * it did as JSON. The same run as `POST /api/cron/billing` and the hourly one inside `npm start`;
 * `--now` is how a test or an operator replays a day.
 */
import { parseArgs } from 'node:util';
import { loadLocalEnv } from './local-env.ts';
import { siteOrigin } from '../src/server/config/site-origin';

const { values } = parseArgs({ options: { now: { type: 'string' } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
	console.error(`--now must be an ISO time, e.g. 2027-02-28T12:00:00Z (got "${values.now}")`);
	process.exit(2);
}
loadLocalEnv();

const { adminClient } = await import('../src/server/supabase/admin-client.ts');
const { runBilling } = await import('../src/server/billing/run/run.ts');
const admin = adminClient();
if (!admin) {
	console.error('Set PUBLIC_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or run npm start first).');
	process.exit(2);
}
const origin = siteOrigin();
const summary = await runBilling(admin, { now, origin });
console.log(JSON.stringify(summary, null, 2));
process.exit(summary.ran && summary.failures.length > 0 ? 1 : 0);
