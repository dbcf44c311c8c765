import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULTS } from '../config.ts';

// Who Auth's mail comes from, read from the Supabase CLI config as `supabase start` hands it to
// GoTrue (GOTRUE_SMTP_ADMIN_EMAIL, GOTRUE_SMTP_SENDER_NAME): `[auth.email.smtp]` when that section
// is on (the CLI turns it on by being there, unless `enabled = false`), else the mail catcher's
// `[inbucket]`, with the CLI's defaults for what neither names. The stack never relays to that SMTP
// server: every mail stays in its mailbox.

/** GoTrue's sender where no config file says otherwise. */
export const GOTRUE_SENDER = 'Supabase Auth <noreply@mail.local.supabase>';
const CLI_DEFAULTS = { adminEmail: 'admin@email.com', senderName: 'Admin' };

function section(toml: string, name: string): string | undefined {
	return toml.split(/^\[/m).find((part) => part.startsWith(`${name}]`));
}

/** A flat string value, with `env(NAME)` read from the environment as the CLI reads it. */
function value(body: string, key: string): string | undefined {
	const match = new RegExp(`^${key}\\s*=\\s*"((?:[^"\\\\]|\\\\.)*)"\\s*(?:#.*)?$`, 'm').exec(body);
	if (!match) return undefined;
	const text = JSON.parse(`"${match[1]}"`) as string;
	const env = /^env\((\w+)\)$/.exec(text);
	return env ? (process.env[env[1]!] ?? '') : text;
}

/** "Name <address>", or the address alone without a name. */
export function mailSenderFrom(configFile: string | null | undefined): string {
	if (configFile === null) return GOTRUE_SENDER;
	const file = resolve(configFile ?? DEFAULTS.configFile);
	if (!existsSync(file)) return GOTRUE_SENDER;
	const toml = readFileSync(file, 'utf8');
	const smtp = section(toml, 'auth.email.smtp');
	const smtpOn = smtp !== undefined && !/^enabled\s*=\s*false\s*(#.*)?$/m.test(smtp);
	const body = (smtpOn ? smtp : section(toml, 'inbucket')) ?? '';
	const address = value(body, 'admin_email') ?? (smtpOn ? '' : CLI_DEFAULTS.adminEmail);
	// As the CLI refuses to start: a relay without a sender address would be refused by GoTrue.
	if (!address) throw new Error(`${file}: [auth.email.smtp] needs admin_email`);
	const name = value(body, 'sender_name') ?? (smtpOn ? '' : CLI_DEFAULTS.senderName);
	return name ? `${name} <${address}>` : address;
}
