import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';
import { assertAcceptablePassword, hashPassword, isBcryptHash } from './passwords.ts';
import { optionalString } from './request.ts';

// Fields of admin user bodies that need more than a type check: ban durations in Go's notation and
// the password, given in clear (policy applies) or as an existing bcrypt hash.

/** Go duration strings as GoTrue accepts them for ban_duration ("24h", "1h30m"; "none" lifts a ban). */
export function parseBanDuration(raw: string): Date | null {
	if (raw === 'none') return null;
	const units: Record<string, number> = {
		ns: 1e-6,
		us: 1e-3,
		µs: 1e-3,
		ms: 1,
		s: 1000,
		m: 60_000,
		h: 3_600_000,
	};
	const parts = [...raw.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
	if (parts.length === 0 || parts.map((part) => part[0]).join('') !== raw) {
		throw badRequest(
			'validation_failed',
			`invalid format for ban duration: time: invalid duration "${raw}"`,
		);
	}
	const ms = parts.reduce(
		(sum, part) => sum + Number(part[1]) * (units[part[2] as string] ?? 0),
		0,
	);
	return new Date(Date.now() + ms);
}

export async function passwordField(
	ctx: AuthContext,
	body: Record<string, unknown>,
): Promise<string | undefined> {
	const password = optionalString(body, 'password');
	const given = optionalString(body, 'password_hash');
	if (password !== undefined) {
		assertAcceptablePassword(password, ctx.settings.passwordPolicy);
		return hashPassword(password);
	}
	if (given !== undefined) {
		if (!isBcryptHash(given)) throw badRequest('validation_failed', 'Invalid password hash format');
		return given;
	}
	return undefined;
}
