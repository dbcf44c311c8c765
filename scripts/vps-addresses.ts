/**
 * `npm run vps:addresses -- --add <node> --from <first> --to <last> --prefix <n> --gateway <ip>`
 * adds a range of IPv4 or IPv6 host addresses to a node's pool; `--list [node]` shows free, held
 * (by unpaid orders, until their payment page runs out) and assigned counts and which service has
 * what; `--remove <address>` takes a free address out (a held or assigned one is refused). Bad input changes nothing. Against the configured backend (the
 * environment, else `.env.local` written by `npm start`). docs/operations.md, "Proxmox VE".
 */
import { parseArgs } from 'node:util';
import { loadLocalEnv } from './local-env.ts';
import { addRange, listPool, removeAddress } from './vps-addresses/pool.ts';

const usage = [
	'Usage: npm run vps:addresses -- --add <node> --from <first> --to <last> --prefix <n> --gateway <ip>',
	'       npm run vps:addresses -- --list [node]',
	'       npm run vps:addresses -- --remove <address>',
].join('\n');

function refuse(message: string, code = 2): never {
	console.error(message);
	process.exit(code);
}

let parsed;
try {
	parsed = parseArgs({
		allowPositionals: true,
		options: {
			add: { type: 'string' },
			from: { type: 'string' },
			to: { type: 'string' },
			prefix: { type: 'string' },
			gateway: { type: 'string' },
			list: { type: 'boolean' },
			remove: { type: 'string' },
		},
	});
} catch (error) {
	refuse(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
}
const { values, positionals } = parsed;
const modes = [values.add !== undefined, values.list, values.remove !== undefined].filter(Boolean);
if (modes.length !== 1) refuse(usage);
if (positionals.length > (values.list ? 1 : 0))
	refuse(`Unexpected: ${positionals.join(' ')}\n${usage}`);
if (values.add !== undefined) {
	const missing = (['from', 'to', 'prefix', 'gateway'] as const).filter((name) => !values[name]);
	if (missing.length)
		refuse(`--add needs ${missing.map((name) => `--${name}`).join(', ')}\n${usage}`);
}
loadLocalEnv();

const { adminClient } = await import('../src/server/supabase/admin-client.ts');
const admin = adminClient();
if (!admin)
	refuse('Set PUBLIC_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or run npm start first).');

if (values.list) {
	console.log(JSON.stringify(await listPool(admin, positionals[0]), null, 2));
	process.exit(0);
}
if (values.remove !== undefined) {
	const removed = await removeAddress(admin, values.remove);
	if (removed !== true) refuse(removed, /not an IP address/.test(removed) ? 2 : 1);
	console.log(JSON.stringify({ removed: values.remove }));
	process.exit(0);
}
const added = await addRange(admin, {
	node: values.add!,
	from: values.from!,
	to: values.to!,
	prefix: values.prefix!,
	gateway: values.gateway!,
});
if (typeof added === 'string') refuse(added, /already in the pool/.test(added) ? 1 : 2);
const { range } = added;
console.log(
	JSON.stringify({
		added: added.added,
		node: range.node,
		family: range.family,
		first: range.addresses[0],
		last: range.addresses.at(-1),
		prefix: range.prefix,
		gateway: range.gateway,
	}),
);
process.exit(0);
