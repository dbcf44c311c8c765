/**
 * Every environment variable the site server reads, in one place: docs/operations.md's table is
 * rendered from this list (`node scripts/env-table.ts`, kept equal by a test), and the start-up
 * check (`src/server/start-check/check.ts`) validates them. `required: 'production'` means a
 * production start refuses to serve without it; everywhere else the local default applies. No
 * imports: the site server loads this file directly.
 */
export interface Variable {
	name: string;
	group:
		| 'Site'
		| 'Supabase'
		| 'Payments'
		| 'Game panel'
		| 'Modpacks'
		| 'DNS'
		| 'Hypervisor'
		| 'Mail'
		| 'Billing'
		| 'Support'
		| 'Invoices';
	required: 'production' | 'optional';
	default?: string;
	example: string;
	does: string;
}

export const variables = [
	{
		name: 'NODE_ENV',
		group: 'Site',
		required: 'optional',
		default: 'production when PUBLIC_SITE_URL is a public https:// address',
		example: 'production',
		does: '`production` checks that every real integration is configured before serving; `development` allows the test gateway and simulated panel',
	},
	{
		name: 'PUBLIC_SITE_URL',
		group: 'Site',
		required: 'production',
		default: '`http://127.0.0.1:PORT` (development only; `npm start` sets its own)',
		example: 'https://frostnode.example',
		does: "The public origin: every absolute URL the site writes (mail links, the gateway's return addresses, auth redirects, canonical URLs; also read by `npm run build`). Requests naming another `Host` get 421",
	},
	{
		name: 'SITE_HOST_ALIASES',
		group: 'Site',
		required: 'optional',
		default: 'none (a loopback PUBLIC_SITE_URL also answers as localhost, 127.0.0.1 and [::1])',
		example: 'www.frostnode.example',
		does: "Other hosts the site answers for (comma-separated), with PUBLIC_SITE_URL's scheme; links still use PUBLIC_SITE_URL",
	},
	{
		name: 'HOST',
		group: 'Site',
		required: 'optional',
		default: '127.0.0.1',
		example: '0.0.0.0',
		does: 'The address the site server listens on',
	},
	{
		name: 'PORT',
		group: 'Site',
		required: 'optional',
		default: '4321',
		example: '4321',
		does: 'The port the site server listens on',
	},
	{
		name: 'TRUSTED_PROXIES',
		group: 'Site',
		required: 'optional',
		default: 'none (the socket peer is the client)',
		example: '10.0.0.0/8,127.0.0.1',
		does: 'Reverse proxies whose `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Request-Id` are believed',
	},
	{
		name: 'SHUTDOWN_GRACE_MS',
		group: 'Site',
		required: 'optional',
		default: '25000',
		example: '25000',
		does: 'On SIGTERM, how long requests in flight may take before the server stops anyway',
	},
	{
		name: 'LOG_LEVEL',
		group: 'Site',
		required: 'optional',
		default: 'info',
		example: 'warn',
		does: 'The least severe log lines written: debug, info, warn, error, or silent for none',
	},
	{
		name: 'PUBLIC_CONTENT_EDIT_URL',
		group: 'Site',
		required: 'optional',
		default: 'none (the page shows each file as its repository path)',
		example: 'https://github.com/frostnode/site/edit/main/',
		does: "Read by `npm run build`: the translation status page (`/help/translations`) links each help file to this followed by the file's repository path (`content/help/no/…`)",
	},
	{
		name: 'PUBLIC_SUPABASE_URL',
		group: 'Supabase',
		required: 'production',
		default: 'the local stack (`npm start`)',
		example: 'https://abcd.supabase.co',
		does: "The Supabase project's API URL",
	},
	{
		name: 'PUBLIC_SUPABASE_ANON_KEY',
		group: 'Supabase',
		required: 'production',
		example: '`eyJhbGciOi…` or `sb_publishable_…`',
		does: "The project's anon (publishable) key",
	},
	{
		name: 'SUPABASE_SERVICE_ROLE_KEY',
		group: 'Supabase',
		required: 'production',
		example: 'eyJhbGciOi…',
		does: "The service-role key, for what the server does on no customer's behalf (orders, billing, webhooks); or set SUPABASE_SECRET_KEY. Also the root of the key that seals a VPS's generated password until its customer has seen it: changing it makes passwords not yet shown unreadable",
	},
	{
		name: 'SUPABASE_SECRET_KEY',
		group: 'Supabase',
		required: 'optional',
		example: 'sb_secret_…',
		does: "A secret API key: sends the customer's address to Supabase Auth's rate limits (IP address forwarding; docs/security.md)",
	},
	{
		name: 'STRIPE_SECRET_KEY',
		group: 'Payments',
		required: 'production',
		default: 'the test gateway (development only)',
		example: 'sk_live_…',
		does: 'Stripe secret or restricted key; test-mode keys (`sk_test_…`) take test payments',
	},
	{
		name: 'STRIPE_WEBHOOK_SECRET',
		group: 'Payments',
		required: 'production',
		example: 'whsec_…',
		does: 'Signing secret of the webhook endpoint `/api/payments/stripe/webhook` (comma-separated for several endpoints)',
	},
	{
		name: 'TEST_GATEWAY_SECRET',
		group: 'Payments',
		required: 'optional',
		default: 'derived from the service-role key',
		example: '32+ random characters (`openssl rand -hex 32`)',
		does: "Development only: signs the test gateway's payment events",
	},
	{
		name: 'PTERODACTYL_URL',
		group: 'Game panel',
		required: 'production',
		default: 'the simulated panel (development only)',
		example: 'https://panel.frostnode.example',
		does: 'The Pterodactyl panel',
	},
	{
		name: 'PTERODACTYL_APPLICATION_KEY',
		group: 'Game panel',
		required: 'production',
		example: 'ptla_…',
		does: 'Application API key: creates users and servers, changes builds, suspends',
	},
	{
		name: 'PTERODACTYL_CLIENT_KEY',
		group: 'Game panel',
		required: 'production',
		example: 'ptlc_…',
		does: 'Client API key of a root admin account: power, live state, schedules, backups, files, console',
	},
	{
		name: 'PTERODACTYL_WINGS_ORIGIN',
		group: 'Game panel',
		required: 'optional',
		default: 'PTERODACTYL_URL',
		example: 'https://panel.frostnode.example',
		does: 'The Origin the game console sends the node (Wings allows its panel URL and `allowed_origins`)',
	},
	{
		name: 'PTERODACTYL_NODE_ORIGINS',
		group: 'Game panel',
		required: 'optional',
		default: 'none',
		example: 'https://node1.frostnode.example:8080',
		does: "The Wings nodes' origins (space or comma separated): the browser uploads a server's files straight to its node's signed link",
	},
	{
		name: 'PTERODACTYL_EGGS',
		group: 'Game panel',
		required: 'production',
		example: '/etc/frostnode/eggs.json',
		does: "Each game's nest, egg, docker image and variables: a JSON file path or inline JSON",
	},
	{
		name: 'PTERODACTYL_ALLOCATION',
		group: 'Game panel',
		required: 'optional',
		default: 'deploy',
		example: 'deploy',
		does: "`deploy`: the panel picks a node with room in the chosen location's panel locations (the catalogue's `game.panelLocationIds`); `node`: one fixed node, only while the catalogue sells games in one location",
	},
	{
		name: 'PTERODACTYL_LOCATION_IDS',
		group: 'Game panel',
		required: 'optional',
		example: '1,2',
		does: "Retired, refused when set: each location's Pterodactyl location ids are its `game.panelLocationIds` in `content/catalogue/locations.json`",
	},
	{
		name: 'PTERODACTYL_PORT_RANGE',
		group: 'Game panel',
		required: 'optional',
		default: 'any free port',
		example: '25565,27000-27100',
		does: 'With `deploy`: the ports new servers may take',
	},
	{
		name: 'PTERODACTYL_NODE_ID',
		group: 'Game panel',
		required: 'optional',
		example: '3',
		does: 'With `node` (required then): the node new servers go to',
	},
	{
		name: 'GAME_PANEL_SIM_DELAY_MS',
		group: 'Game panel',
		required: 'optional',
		default: '1500',
		example: '300',
		does: 'Development only: how long the simulated panel takes to install and start',
	},
	{
		name: 'GAME_PANEL_SIM_FILE',
		group: 'Game panel',
		required: 'optional',
		default: 'memory only',
		example: 'supabase/.data/game-panel.json',
		does: 'Development only: where the simulated panel keeps its servers',
	},
	{
		name: 'GAME_PANEL_SIM_DIR',
		group: 'Game panel',
		required: 'optional',
		default: 'beside GAME_PANEL_SIM_FILE (`game-panel-files`), else a temporary folder',
		example: 'supabase/.data/game-panel-files',
		does: "Development only: where the simulated panel keeps its servers' files and backups",
	},
	{
		name: 'GAME_PANEL_SIM_CAPACITY',
		group: 'Game panel',
		required: 'optional',
		default: '4096 GB memory and 100000 GB disk in each location the catalogue offers games in',
		example: 'frankfurt=8:100,oslo=512:8000',
		does: "Development only: each location's room in the simulated panel (location=memory GB:disk GB); servers there use it up",
	},
	{
		name: 'PROVISIONING_RETRY_MS',
		group: 'Game panel',
		required: 'optional',
		default: '500',
		example: '500',
		does: 'First wait before retrying a server creation the panel refused for now (doubles each time)',
	},
	{
		name: 'PROVISIONING_POLL_MS',
		group: 'Game panel',
		required: 'optional',
		default: '1000',
		example: '1000',
		does: 'How often an install is checked until the server runs',
	},
	{
		name: 'MODPACK_SOURCE',
		group: 'Modpacks',
		required: 'optional',
		default: 'embedded',
		example: 'modrinth',
		does: "Where the modpack installer finds packs: `modrinth` (Modrinth's API v2, live) or `embedded` (the catalogue of real packs in `content/catalogue/modpacks.json`, offline)",
	},
	{
		name: 'MODRINTH_API_URL',
		group: 'Modpacks',
		required: 'optional',
		default: 'https://api.modrinth.com/v2',
		example: 'https://staging-api.modrinth.com/v2',
		does: "With MODPACK_SOURCE=modrinth: Modrinth's API v2 base; plain `http://` on loopback only",
	},
	{
		name: 'MODRINTH_USER_AGENT',
		group: 'Modpacks',
		required: 'optional',
		default: '`frostnode/shop/<version> (<SELLER_EMAIL>)`',
		example: 'nordlys-hosting/shop/1.4 (ops@nordlys.example)',
		does: 'With MODPACK_SOURCE=modrinth: the User-Agent of every call; Modrinth blocks anonymous and HTTP-library agents, so it must name the application and a contact (an e-mail address or URL)',
	},
	{
		name: 'DNS_PROVIDER',
		group: 'DNS',
		required: 'production',
		default: '`powerdns` when POWERDNS_API_URL is set, else `embedded`',
		example: 'powerdns',
		does: 'Where customer subdomains are published: the PowerDNS HTTP API, or the embedded DNS (development only: it keeps records and answers lookups but serves nobody)',
	},
	{
		name: 'DNS_ZONE',
		group: 'DNS',
		required: 'production',
		default: '`play.frostnode.example` (embedded only)',
		example: 'play.frostnode.example',
		does: 'The zone customer subdomains live in: players join at `label.<zone>:port`; must exist on the PowerDNS server',
	},
	{
		name: 'DNS_REVERSE_ZONES',
		group: 'DNS',
		required: 'optional',
		default: "none with PowerDNS; the seed pool's zones with the embedded DNS",
		example: '2.0.192.in-addr.arpa',
		does: 'Reverse zones (comma-separated) PTR records may be written in, for VPS reverse DNS',
	},
	{
		name: 'DNS_RESOLVERS',
		group: 'DNS',
		required: 'optional',
		default: "the system's resolvers",
		example: '1.1.1.1,9.9.9.9',
		does: 'Resolvers (comma-separated IPs; anything else stops the start) that forward-confirm a reverse DNS name before its PTR is written',
	},
	{
		name: 'DNS_TTL',
		group: 'DNS',
		required: 'optional',
		default: '300',
		example: '300',
		does: 'Seconds resolvers keep subdomain records (30–86400)',
	},
	{
		name: 'POWERDNS_API_URL',
		group: 'DNS',
		required: 'production',
		example: 'https://dns.frostnode.example:8081',
		does: "The PowerDNS Authoritative Server's web server (its HTTP API under `/api/v1`); plain `http://` on loopback only",
	},
	{
		name: 'POWERDNS_API_KEY',
		group: 'DNS',
		required: 'production',
		example: 'a long random string (`openssl rand -hex 32`)',
		does: "PowerDNS's `api-key`, sent as `X-API-Key`",
	},
	{
		name: 'POWERDNS_SERVER_ID',
		group: 'DNS',
		required: 'optional',
		default: 'localhost',
		example: 'localhost',
		does: 'The server id in the API paths (`/api/v1/servers/{id}/zones/…`)',
	},
	{
		name: 'DNS_EMBEDDED_FILE',
		group: 'DNS',
		required: 'optional',
		default: 'memory only',
		example: 'supabase/.data/dns.json',
		does: 'Development only: where the embedded DNS keeps its records, shared by the site and `npm run billing:run`',
	},
	{
		name: 'PROXMOX_URL',
		group: 'Hypervisor',
		required: 'production',
		default: 'unset: the simulated hypervisor',
		example: 'https://pve1.frostnode.example:8006',
		does: "The Proxmox VE API (without `/api2/json`) that runs customers' VPS machines; plain `http://` on loopback only. Provisioning makes paid VPS machines there",
	},
	{
		name: 'PROXMOX_TOKEN_ID',
		group: 'Hypervisor',
		required: 'production',
		example: 'provisioner@pve!frostnode',
		does: 'With PROXMOX_URL: the privilege-separated API token, `user@realm!tokenid`',
	},
	{
		name: 'PROXMOX_TOKEN_SECRET',
		group: 'Hypervisor',
		required: 'production',
		example: '(the UUID shown once when the token was made)',
		does: "With PROXMOX_URL: the API token's secret",
	},
	{
		name: 'PROXMOX_TLS_FINGERPRINT',
		group: 'Hypervisor',
		required: 'optional',
		example: 'AB:CD:…(32 pairs)',
		does: "The node certificate's SHA-256 fingerprint to pin instead of checking its chain",
	},
	{
		name: 'PROXMOX_CA_FILE',
		group: 'Hypervisor',
		required: 'optional',
		example: '/etc/frostnode/pve-root-ca.pem',
		does: "The cluster CA (`/etc/pve/pve-root-ca.pem`) to trust for Proxmox's certificate",
	},
	{
		name: 'PROXMOX_CPU_OVERCOMMIT',
		group: 'Hypervisor',
		required: 'optional',
		default: '2',
		example: '4',
		does: "vCPUs sold per host thread: a node's room for new machines is its threads times this, less every machine's configured vCPUs",
	},
	{
		name: 'PROXMOX_MEMORY_RESERVE_GB',
		group: 'Hypervisor',
		required: 'optional',
		default: '4',
		example: '16',
		does: "Memory (GB) kept for the Proxmox host itself (and its ZFS cache): a node's room is its memory less this and every machine's configured memory",
	},
	{
		name: 'CONSOLE_IDLE_MINUTES',
		group: 'Hypervisor',
		required: 'optional',
		default: '5',
		example: '10',
		does: "Minutes without a key press or pointer move before a customer's VPS console closes",
	},
	{
		name: 'CONSOLE_ACCESS_CHECK_SECONDS',
		group: 'Hypervisor',
		required: 'optional',
		default: '5',
		example: '10',
		does: 'Seconds between checks that an open VPS console may stay open (its session, the server, the password); it closes within about this long of a change',
	},
	{
		name: 'HYPERVISOR_SIM_DELAY_MS',
		group: 'Hypervisor',
		required: 'optional',
		default: '2000',
		example: '0',
		does: 'Development only: how long each step (cloning, starting, stopping) of a simulated machine takes',
	},
	{
		name: 'HYPERVISOR_SIM_FILE',
		group: 'Hypervisor',
		required: 'optional',
		default: 'memory only',
		example: 'supabase/.data/hypervisor.json',
		does: 'Development only: where the simulated hypervisor keeps its machines',
	},
	{
		name: 'HYPERVISOR_SIM_CAPACITY',
		group: 'Hypervisor',
		required: 'optional',
		default:
			'1024 cores, 4096 GB memory and 100000 GB disk on each node of the catalogue, none on others',
		example: 'pve2=4:8:100',
		does: "Development only: each node's room in the simulated hypervisor (node=cores:memory GB:disk GB); machines there use it up",
	},
	{
		name: 'SMTP_URL',
		group: 'Mail',
		required: 'production',
		default: 'the local mailbox (`npm start`)',
		example: 'smtps://user:pass@smtp.example:465',
		does: 'The SMTP relay for every mail the site sends (percent-encode special characters)',
	},
	{
		name: 'MAIL_FROM',
		group: 'Mail',
		required: 'production',
		example: 'Frostnode <noreply@frostnode.example>',
		does: 'The sender of every mail',
	},
	{
		name: 'CRON_SECRET',
		group: 'Billing',
		required: 'production',
		example: '32+ random characters (`openssl rand -hex 32`)',
		does: 'Bearer token the scheduler sends to `POST /api/cron/billing`',
	},
	{
		name: 'LIVE_CHAT',
		group: 'Support',
		required: 'optional',
		default: 'none',
		example: 'crisp',
		does: 'The live chat retention offers open: `crisp` or `none` (the support form)',
	},
	{
		name: 'CRISP_WEBSITE_ID',
		group: 'Support',
		required: 'optional',
		example: '8f1c2d3e-0000-4000-8000-000000000000',
		does: 'With LIVE_CHAT=crisp (required then): the Crisp website ID',
	},
	{
		name: 'SELLER_NAME',
		group: 'Invoices',
		required: 'optional',
		default: 'Frostnode AS',
		example: 'Frostnode AS',
		does: 'The seller printed on invoices',
	},
	{
		name: 'SELLER_ADDRESS',
		group: 'Invoices',
		required: 'optional',
		default: 'Storgata 1, 0155 Oslo (two lines)',
		example: 'Storgata 1\\n0155 Oslo',
		does: "The seller's street, postcode and city (`\\n` separates lines); the country is SELLER_COUNTRY",
	},
	{
		name: 'SELLER_COUNTRY',
		group: 'Invoices',
		required: 'optional',
		default: 'NO',
		example: 'NO',
		does: "The seller's country as an ISO 3166-1 code, printed in each invoice's language",
	},
	{
		name: 'SELLER_VAT_NUMBER',
		group: 'Invoices',
		required: 'optional',
		default: 'NO 930 000 000 MVA',
		example: 'NO 930 000 000 MVA',
		does: "The seller's VAT number",
	},
	{
		name: 'SELLER_EMAIL',
		group: 'Invoices',
		required: 'optional',
		default: 'support@frostnode.example',
		example: 'billing@frostnode.example',
		does: 'The contact address on invoices',
	},
] as const satisfies readonly Variable[];

export type VariableName = (typeof variables)[number]['name'];

/**
 * A setting as the site server reads it: trimmed, and undefined when unset or blank. Only a name
 * on the list above can be read, so every setting is documented and checked at start-up.
 */
export function setting(
	name: VariableName,
	env: Record<string, string | undefined> = process.env,
): string | undefined {
	return env[name]?.trim() || undefined;
}

/** A whole-number setting (milliseconds, say), or `fallback` when unset or not a number. */
export function numberSetting(
	name: VariableName,
	fallback: number,
	env: Record<string, string | undefined> = process.env,
): number {
	const raw = setting(name, env);
	const value = Number(raw);
	return raw !== undefined && Number.isFinite(value) ? value : fallback;
}
