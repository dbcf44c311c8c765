import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signJwt } from './jwt.ts';

// The project's JWT secret and the API keys derived from it. The secret is generated once per data
// folder and kept there, so keys written to .env.local stay valid across restarts; an in-memory stack
// gets a fresh secret each start.

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

export function deriveProjectKeys(jwtSecret: string): ProjectKeys {
	return {
		jwtSecret,
		anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', exp: API_KEY_EXPIRY }, jwtSecret),
		serviceRoleKey: signJwt(
			{ iss: 'supabase-demo', role: 'service_role', exp: API_KEY_EXPIRY },
			jwtSecret,
		),
		publishableKey: opaque('sb_publishable_', jwtSecret),
		secretKey: opaque('sb_secret_', jwtSecret),
	};
}
