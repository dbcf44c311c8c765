import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// A generated VPS password waits in the database (private.vps_passwords) until its customer has
// seen it once. It is sealed here with AES-256-GCM under a key derived from this site's own
// Supabase secret, so the database alone, a backup or a dump never holds it in clear, and the
// service id is bound in as associated data, so a sealed value moved to another row does not open.

const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

/** The sealing key, derived (HKDF-SHA-256) from a server secret; never the secret itself. */
export function sealKeyFrom(secret: string): Buffer {
	return Buffer.from(hkdfSync('sha256', secret, 'frostnode', 'frostnode vps password seal v1', 32));
}

/**
 * The key of this site: from the service-role or secret key it talks to Supabase with (the same
 * one adminClient uses). Null without one; then nothing can be sealed or opened.
 */
export function siteSealKey(env: NodeJS.ProcessEnv = process.env): Buffer | null {
	const secret = env.SUPABASE_SERVICE_ROLE_KEY?.trim() || env.SUPABASE_SECRET_KEY?.trim();
	return secret ? sealKeyFrom(secret) : null;
}

export function seal(plaintext: string, key: Buffer, serviceId: string): string {
	const iv = randomBytes(ivBytes);
	const cipher = createCipheriv('aes-256-gcm', key, iv);
	cipher.setAAD(Buffer.from(serviceId));
	const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
	return `${version}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The plaintext, or null when the text was changed, sealed under another key or for another service. */
export function unseal(sealed: string, key: Buffer, serviceId: string): string | null {
	if (!sealed.startsWith(`${version}.`)) return null;
	const raw = Buffer.from(sealed.slice(version.length + 1), 'base64url');
	if (raw.length <= ivBytes + tagBytes) return null;
	try {
		const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes));
		decipher.setAAD(Buffer.from(serviceId));
		decipher.setAuthTag(raw.subarray(raw.length - tagBytes));
		const body = raw.subarray(ivBytes, raw.length - tagBytes);
		return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
	} catch {
		return null;
	}
}
