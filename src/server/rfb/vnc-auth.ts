import { createCipheriv } from 'node:crypto';

// RFB "VNC authentication": the 16-byte challenge encrypted with DES, keyed by the password's
// first 8 bytes with each byte's bits reversed (the protocol's historical quirk). OpenSSL 3 keeps
// single DES in its legacy provider only; two-key triple DES with both keys equal is the same
// cipher (encrypt, decrypt, encrypt with one key) and is in the default provider.

function reversed(byte: number): number {
	let out = 0;
	for (let bit = 0; bit < 8; bit += 1) if (byte & (1 << bit)) out |= 1 << (7 - bit);
	return out;
}

export function vncResponse(password: string, challenge: Uint8Array): Buffer {
	const key = Buffer.alloc(8);
	Buffer.from(password, 'latin1').copy(key, 0, 0, 8);
	for (let i = 0; i < 8; i += 1) key[i] = reversed(key[i] ?? 0);
	const cipher = createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null);
	cipher.setAutoPadding(false);
	return Buffer.concat([cipher.update(challenge), cipher.final()]);
}
