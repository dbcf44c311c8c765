import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK } from 'jose';
import type { CryptoKey, JWK } from 'jose';

// The ES256 key user access tokens are signed with, as on a project created with asymmetric signing
// keys. Generated once per data folder and kept there (private, 0600) in the form GoTrue's
// GOTRUE_JWT_KEYS and the CLI's signing_keys.json take: an array of private JWKs. An in-memory stack
// gets a fresh one each start, so its tokens die with it, as its secret does.

export interface SigningKey {
	kid: string;
	privateKey: CryptoKey;
	publicKey: CryptoKey;
	/** The public half as GoTrue's JWKS serves it (conf/jwk.go: use sig, key_ops verify). */
	publicJwk: JWK;
}

const KEY_FILE = 'signing-keys.json';

function publicJwkOf(jwk: JWK, kid: string): JWK {
	// jwx writes a key's members in name order; the same order keeps the JWKS byte-comparable.
	return {
		alg: 'ES256',
		crv: jwk.crv,
		key_ops: ['verify'],
		kid,
		kty: 'EC',
		use: 'sig',
		x: jwk.x,
		y: jwk.y,
	};
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
	const kid = jwk.kid;
	if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || typeof kid !== 'string' || kid === '')
		throw new Error('not a private ES256 JWK with a kid');
	const publicJwk = publicJwkOf(jwk, kid);
	const privateKey = (await importJWK({ ...jwk, key_ops: ['sign'] }, 'ES256')) as CryptoKey;
	const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;
	return { kid, privateKey, publicKey, publicJwk };
}

async function generate(): Promise<JWK> {
	const { privateKey } = await generateKeyPair('ES256', { extractable: true });
	const { kty, crv, x, y, d } = await exportJWK(privateKey);
	const kid = randomUUID();
	return { kty, kid, use: 'sig', key_ops: ['sign', 'verify'], alg: 'ES256', crv, x, y, d };
}

export async function loadOrCreateSigningKey(dataDir: string | undefined): Promise<SigningKey> {
	if (dataDir === undefined) return fromPrivateJwk(await generate());
	const file = join(dataDir, KEY_FILE);
	let stored: string | undefined;
	try {
		stored = await readFile(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
	}
	if (stored !== undefined) {
		// Never replaced silently: a new key would sign out everyone, and the file may be hand-made.
		try {
			const keys = JSON.parse(stored) as JWK[];
			if (!Array.isArray(keys) || keys.length !== 1) throw new Error('expected one key');
			return await fromPrivateJwk(keys[0] as JWK);
		} catch (error) {
			throw new Error(
				`${file} does not hold one private ES256 JWK (${(error as Error).message}); delete it to generate a new key`,
			);
		}
	}
	const jwk = await generate();
	await mkdir(dataDir, { recursive: true });
	await writeFile(file, `${JSON.stringify([jwk], null, '\t')}\n`, { mode: 0o600 });
	return fromPrivateJwk(jwk);
}
