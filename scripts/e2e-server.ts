/**
 * What the browser tests run against: a fresh local stack in memory (migrations and demo seed,
 * email confirmation on, mailbox on a known port) and the built site pointed at it.
 */
import { startBackend } from './local-backend.ts';
import { serveSite } from './serve.ts';

export const e2ePorts = { site: Number(process.env.E2E_PORT ?? 4391), api: 55421, mailbox: 55424 };

const site = `http://127.0.0.1:${e2ePorts.site}`;
const backend = await startBackend({
	apiPort: e2ePorts.api,
	mailPort: e2ePorts.mailbox,
	quiet: true,
	siteUrl: site,
});
const { child } = await serveSite(e2ePorts.site, backend.env);
console.log(`e2e: site ${site}, backend ${backend.env.PUBLIC_SUPABASE_URL}`);

const stop = async () => {
	child.kill('SIGTERM');
	await backend.stack?.stop();
	process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
