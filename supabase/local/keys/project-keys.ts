import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hmacKey, signJwt } from './jwt.ts';
import type { JwtKey } from './jwt.ts';
import { loadOrCreateSigningKey } from './signing-key.ts';
import type { SigningKey } from './signing-key.ts';

// The project's JWT secret, the API keys derived from it and the ES256 key user sessions are signed
// with. The secret is generated once per data folder and kept there, so keys written to .env.local
// stay valid across restarts; an in-memory stack gets a fresh secret each start. The anon and
// service_role keys stay HS256 with the secret, as a hosted project's legacy keys do.

export interface ProjectKeys {
	jwtSecret: string;
	/** Legacy HS256 key with role anon, as `supabase start` prints it. */
	anonKey: string;
	/** Legacy HS256 key with role service_role. */
	serviceRoleKey: string;
	/** Opaque key the gateway maps to the anon role. */
	publishableKey: string;
	/** Opaque key the gateway maps to the service_role role. */
	secretKey: string;
	/** The secret as an HS256 key: it signs the legacy keys and still verifies tokens. */
	legacyKey: JwtKey;
	/** Signs access tokens (ES256 with its kid); its public half is the JWKS. */
	signingKey: SigningKey;
}

const SECRET_FILE = 'jwt-secret';
// The CLI signs its demo keys with this expiry; reusing it keeps the claims shape identical.
const API_KEY_EXPIRY = 1983812996;

export async function loadOrCreateJwtSecret(dataDir: string | undefined): Promise<string> {
	if (dataDir === undefined) return randomBytes(48).toString('base64url');
	const file = join(dataDir, SECRET_FILE);
	try {
		const stored = (await readFile(file, 'utf8')).trim();
		if (stored.length >= 32) return stored;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
	}
	const secret = randomBytes(48).toString('base64url');
	await mkdir(dataDir, { recursive: true });
	await writeFile(file, `${secret}\n`, { mode: 0o600 });
	return secret;
}

function opaque(prefix: string, secret: string): string {
	const body = createHmac('sha256', secret).update(prefix).digest('base64url').slice(0, 32);
	return `${prefix}${body}`;
}

export async function deriveProjectKeys(
	jwtSecret: string,
	signingKey: SigningKey,
): Promise<ProjectKeys> {
	const secret = await hmacKey(jwtSecret);
	return {
		jwtSecret,
		anonKey: await signJwt({ iss: 'supabase-demo', role: 'anon', exp: API_KEY_EXPIRY }, secret),
		serviceRoleKey: await signJwt(
			{ iss: 'supabase-demo', role: 'service_role', exp: API_KEY_EXPIRY },
			secret,
		),
		publishableKey: opaque('sb_publishable_', jwtSecret),
		secretKey: opaque('sb_secret_', jwtSecret),
		legacyKey: secret,
		signingKey,
	};
}

/** The key access tokens are signed with. */
export function sessionSigner(keys: ProjectKeys): JwtKey {
	return { alg: 'ES256', key: keys.signingKey.privateKey, kid: keys.signingKey.kid };
}

/** The data folder's secret and signing key (created on first use), or fresh ones in memory. */
export async function loadProjectKeys(dataDir: string | undefined): Promise<ProjectKeys> {
	const secret = await loadOrCreateJwtSecret(dataDir);
	return deriveProjectKeys(secret, await loadOrCreateSigningKey(dataDir));
}
