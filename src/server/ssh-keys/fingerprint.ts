import { createHash } from 'node:crypto';

/** OpenSSH's fingerprint of a public key line: `SHA256:` and the unpadded base64 of its blob's hash. */
export function sshFingerprint(publicKey: string): string {
	const blob = Buffer.from(publicKey.trim().split(/\s+/)[1] ?? '', 'base64');
	return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}
