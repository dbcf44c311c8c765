import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BcryptPool } from './bcrypt-pool.ts';
import { scryptSlots } from './hash-slots.ts';
import { AuthError, badRequest } from './errors.ts';

// Password hashing and the password policy. New hashes use scrypt (Node's own crypto); bcrypt
// hashes, which a seed file may write with pgcrypto's crypt(), are verified by BcryptPool.

export const MAX_PASSWORD_LENGTH = 72; // GoTrue's bcrypt limit, kept so both reject the same inputs.

const COMMON_PASSWORDS = new Set(
	readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
		.split('\n')
		.filter((line) => line.length > 0),
);

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

/** scrypt on libuv's thread pool, no more at once than scryptSlots allows. */
function scryptAsync(
	password: string,
	salt: Buffer,
	keylen: number = SCRYPT.keylen,
	cost: { N: number; r: number; p: number } = SCRYPT,
): Promise<Buffer> {
	return scryptSlots.run(
		() =>
			new Promise<Buffer>((resolve, reject) => {
				scrypt(password, salt, keylen, { N: cost.N, r: cost.r, p: cost.p }, (error, key) =>
					error ? reject(error) : resolve(key),
				);
			}),
	);
}

export async function hashPassword(password: string): Promise<string> {
	const salt = randomBytes(16);
	const key = await scryptAsync(password, salt);
	return `$scrypt$N=${SCRYPT.N},r=${SCRYPT.r},p=${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function isBcryptHash(hash: string): boolean {
	return /^\$2[abxy]\$\d\d\$/.test(hash);
}

/** Verifies a hash made by hashPassword. Bcrypt hashes must go through BcryptPool. */
export async function verifyScryptPassword(password: string, hash: string): Promise<boolean> {
	const match = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(hash);
	if (!match) return false;
	const [, n, r, p, salt, expected] = match as unknown as [
		string,
		string,
		string,
		string,
		string,
		string,
	];
	const expectedKey = Buffer.from(expected, 'base64');
	const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expectedKey.length, {
		N: Number(n),
		r: Number(r),
		p: Number(p),
	});
	return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/**
 * Whether `password` matches a stored hash of either kind. Neither runs on the main thread or in the
 * database queue: scrypt goes to libuv's thread pool (through scryptSlots), bcrypt to the stack's
 * worker threads.
 */
export function verifyPassword(
	bcrypt: BcryptPool,
	password: string,
	hash: string | null,
): Promise<boolean> {
	if (!hash) return Promise.resolve(false);
	if (isBcryptHash(hash)) return bcrypt.verify(password, hash);
	return verifyScryptPassword(password, hash);
}

export interface PasswordPolicy {
	minLength: number;
}

export interface WeakPassword {
	message: string;
	reasons: string[];
}

/** GoTrue's checkPasswordStrength: every failed rule adds a reason; messages are joined. */
export function weaknessOf(password: string, policy: PasswordPolicy): WeakPassword | undefined {
	const reasons: string[] = [];
	const messages: string[] = [];
	// Go's len() counts bytes, so a password of multi-byte characters is measured the same way.
	if (Buffer.byteLength(password) < policy.minLength) {
		reasons.push('length');
		messages.push(`Password should be at least ${policy.minLength} characters.`);
	}
	// The hosted equivalent is leaked-password protection (HaveIBeenPwned), reported as "pwned".
	if (COMMON_PASSWORDS.has(password.toLowerCase())) {
		reasons.push('pwned');
		messages.push('Password is known to be weak and easy to guess, please choose a different one.');
	}
	return reasons.length > 0 ? { message: messages.join(' '), reasons } : undefined;
}

function weakPassword(weak: WeakPassword): AuthError {
	return new AuthError(422, 'weak_password', weak.message, {
		weak_password: { reasons: weak.reasons },
	});
}

/**
 * GoTrue's own rules (72 bytes, the minimum length), which it checks before the e-mail address. A
 * password too short is refused here with every reason, the list's too, as leaked-password
 * protection adds its verdict to the same answer.
 */
export function assertPasswordLength(password: string, policy: PasswordPolicy): void {
	if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
		throw badRequest(
			'validation_failed',
			`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
		);
	}
	const weak = weaknessOf(password, policy);
	if (weak?.reasons.includes('length')) throw weakPassword(weak);
}

/**
 * The list of common passwords, the stand-in for leaked-password protection, which `supabase start`
 * cannot turn on: callers check it only after GoTrue's own refusals (an invalid e-mail first), so
 * it adds a refusal and never changes another.
 */
export function assertNotCommon(password: string, policy: PasswordPolicy): void {
	const weak = weaknessOf(password, policy);
	if (weak) throw weakPassword(weak);
}

/** Both, for a request that has no e-mail address to check in between. */
export function assertAcceptablePassword(password: string, policy: PasswordPolicy): void {
	assertPasswordLength(password, policy);
	assertNotCommon(password, policy);
}
