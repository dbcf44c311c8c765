// What must never reach a readiness answer: the values of the configured secrets. The probes
// already word their failures without them; this is the second line, for a message some library or
// server composed (a relay quoting the login, a panel with debug output on).

type Env = Record<string, string | undefined>;

/** Settings that are secret by name; PUBLIC_* ones are published to browsers anyway. */
const SECRET_NAME = /(_KEY|_SECRET|_PASSWORD|_TOKEN)$/;

/** Shorter values would blank out ordinary words of a message; no real secret is this short. */
const minLength = 4;

function smtpLogin(raw: string | undefined): string[] {
	if (!raw) return [];
	try {
		const url = new URL(raw);
		const parts = [url.username, url.password];
		return [raw, ...parts, ...parts.map((part) => safeDecode(part))];
	} catch {
		return [raw];
	}
}

function safeDecode(part: string): string {
	try {
		return decodeURIComponent(part);
	} catch {
		return part;
	}
}

/** Every secret value the environment holds, longest first (so none is left half replaced). */
export function secretValues(env: Env): string[] {
	const values = Object.entries(env).flatMap(([name, value]) =>
		value && SECRET_NAME.test(name) && !name.startsWith('PUBLIC_')
			? [value, ...value.split(',')].map((part) => part.trim())
			: [],
	);
	values.push(...smtpLogin(env.SMTP_URL?.trim()));
	const unique = new Set(values.filter((value) => value.length >= minLength));
	return [...unique].sort((a, b) => b.length - a.length);
}

export function redactSecrets(message: string, env: Env = process.env): string {
	let said = message;
	for (const secret of secretValues(env)) said = said.split(secret).join('[redacted]');
	return said;
}
