import addressparser from 'nodemailer/lib/addressparser';

// SMTP_URL and MAIL_FROM, checked once, so a wrong setting is reported by name instead of surfacing
// as an obscure SMTP failure (or a mail that quietly went out from the wrong address).

export interface SmtpConfig {
	host: string;
	port: number;
	/** TLS from the first byte (smtps://, usually port 465). */
	secure: boolean;
	/** Refuse to send unless the server upgrades the connection with STARTTLS. */
	requireTLS: boolean;
	auth?: { user: string; pass: string };
	from: string;
}

export class MailConfigError extends Error {
	override name = 'MailConfigError';
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1)$/i;

function decode(part: string): string {
	try {
		return decodeURIComponent(part);
	} catch {
		throw new MailConfigError('SMTP_URL has a malformed %-escape in its user name or password');
	}
}

export function parseSmtpUrl(raw: string): Omit<SmtpConfig, 'from'> {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		// Not echoed: the value may hold the relay's password.
		throw new MailConfigError(
			'SMTP_URL is not a URL (expected smtp:// or smtps://user:pass@host:port)',
		);
	}
	if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
		throw new MailConfigError(
			`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`,
		);
	// Nodemailer would read options from the query; this adapter does not, and ignoring them silently
	// would leave the operator believing e.g. ?secure=true took effect.
	if (url.search || url.hash)
		throw new MailConfigError(
			'SMTP_URL takes no query or fragment (percent-encode ? and # in a password)',
		);
	const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
	if (!host) throw new MailConfigError('SMTP_URL has no host');
	const secure = url.protocol === 'smtps:';
	const user = decode(url.username);
	const pass = decode(url.password);
	if (Boolean(user) !== Boolean(pass))
		throw new MailConfigError('SMTP_URL needs both a user name and a password, or neither');
	const auth = user ? { user, pass } : undefined;
	return {
		host,
		port: url.port ? Number(url.port) : secure ? 465 : 587,
		secure,
		// Credentials never cross a network in clear text; on loopback (the local mailbox, a sidecar
		// relay) there is no network to cross.
		requireTLS: !secure && auth !== undefined && !LOOPBACK.test(host),
		...(auth ? { auth } : {}),
	};
}

export function parseMailFrom(raw: string): string {
	const addresses = addressparser(raw, { flatten: true });
	const [first] = addresses;
	if (addresses.length !== 1 || !first?.address.includes('@'))
		throw new MailConfigError(
			`MAIL_FROM must be one address such as "Frostnode <noreply@example.com>", not "${raw}"`,
		);
	return raw.trim();
}

/** The SMTP configuration from the environment; throws MailConfigError naming what is missing. */
export function readMailConfig(env: Record<string, string | undefined>): SmtpConfig {
	if (!env.SMTP_URL)
		throw new MailConfigError(
			'SMTP_URL is not set, so no mail can be sent (set it to smtp[s]://user:pass@host:port)',
		);
	const smtp = parseSmtpUrl(env.SMTP_URL);
	if (!env.MAIL_FROM)
		throw new MailConfigError('MAIL_FROM is not set (e.g. "Frostnode <noreply@example.com>")');
	return { ...smtp, from: parseMailFrom(env.MAIL_FROM) };
}
