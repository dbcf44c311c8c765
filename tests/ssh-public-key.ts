import { generateKeyPairSync } from 'node:crypto';

/**
 * A fresh, real `ssh-ed25519` public key line, its blob written as RFC 8709 lays it out (the type
 * and the 32-byte key, each a length-prefixed string), for tests that order a VPS with a key.
 */
export function ed25519PublicKey(comment = 'tester@frostnode'): string {
	const { x } = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
	const field = (bytes: Buffer) => {
		const length = Buffer.alloc(4);
		length.writeUInt32BE(bytes.length);
		return Buffer.concat([length, bytes]);
	};
	const blob = Buffer.concat([
		field(Buffer.from('ssh-ed25519')),
		field(Buffer.from(x!, 'base64url')),
	]);
	return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}
