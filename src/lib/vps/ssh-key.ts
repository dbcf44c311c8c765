// The one rule for an SSH key, wherever it comes in (checkout, the profile's saved keys, a
// reinstall) and before a hypervisor takes it: an OpenSSH public key line (`type base64 [comment]`)
// read down to its wire blob (RFC 4253, 5656, 8709), and a line every step to the machine carries
// unchanged. A truncated paste, a private key, a fingerprint, a blob of another type or a
// character the way there cannot carry is refused here, where the customer can fix it, not by
// the machine's first boot after they paid.

/** The curve an ECDSA key type names in its blob, and the length of its uncompressed point. */
const ecdsaCurves: Record<string, { curve: string; point: number }> = {
	'ecdsa-sha2-nistp256': { curve: 'nistp256', point: 65 },
	'ecdsa-sha2-nistp384': { curve: 'nistp384', point: 97 },
	'ecdsa-sha2-nistp521': { curve: 'nistp521', point: 133 },
	'sk-ecdsa-sha2-nistp256@openssh.com': { curve: 'nistp256', point: 65 },
};

/** Key types OpenSSH writes to `authorized_keys` and cloud-init accepts. */
export const sshKeyTypes: readonly string[] = [
	'ssh-ed25519',
	'ssh-rsa',
	'sk-ssh-ed25519@openssh.com',
	...Object.keys(ecdsaCurves),
];

function decodeBase64(text: string): Uint8Array | null {
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
	try {
		return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
	} catch {
		return null;
	}
}

/** Reads the blob's length-prefixed strings; null once one runs past the end. */
function reader(bytes: Uint8Array) {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	let at = 0;
	return {
		next(): Uint8Array | null {
			if (at + 4 > bytes.length) return null;
			const length = view.getUint32(at);
			if (at + 4 + length > bytes.length) return null;
			const field = bytes.subarray(at + 4, at + 4 + length);
			at += 4 + length;
			return field;
		},
		done: () => at === bytes.length,
	};
}

const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null);

/** Whether the blob holds exactly one key of `type`, every field whole and nothing after it. */
function blobHolds(type: string, blob: Uint8Array): boolean {
	const read = reader(blob);
	if (text(read.next()) !== type) return false;
	const ecdsa = ecdsaCurves[type];
	if (type === 'ssh-rsa') {
		const exponent = read.next();
		const modulus = read.next();
		// At least 1024 bits: anything shorter is a cut-off paste (or a key no one should use).
		if (!exponent?.length || !modulus || modulus.length < 128) return false;
	} else if (ecdsa) {
		if (text(read.next()) !== ecdsa.curve) return false;
		const point = read.next();
		if (point?.length !== ecdsa.point || point[0] !== 4) return false;
	} else if (read.next()?.length !== 32) return false;
	if (type.startsWith('sk-') && !read.next()?.length) return false;
	return read.done();
}

export type SshKeyProblem = 'invalid' | 'characters';

export const maxSshKeyLength = 8192;

// Control, format, surrogate, private-use and unassigned code points, and every separator but the
// space: cloud-init's YAML reader (YAML 1.1) breaks lines at U+0085, U+2028 and U+2029 and refuses
// most other controls; the rest are invisible in a form and in `authorized_keys`.
const unsafeCharacter = /[\p{C}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;
// Proxmox writes each key unquoted into the cloud-init user-data (`  - <key>`), where ": " or a
// final ":" turn the line into a mapping and " #" starts a YAML comment.
const yamlSign = /:( |$)| #/;

/** A key as pasted made what is kept and delivered: trimmed, one space between its words. */
export function normalizeSshKey(pasted: string): string {
	return pasted.trim().replace(/ {2,}/g, ' ');
}

/**
 * What stops a key line from reaching the machine as it is: Proxmox's `sshkeys` (one key a line),
 * the YAML it writes for cloud-init, and sshd. The hypervisor adapters hold every key to this;
 * the customer's rule (sshKeyProblem) adds the key itself.
 */
export function sshKeyLineProblem(line: string): SshKeyProblem | null {
	if (line.length > maxSshKeyLength) return 'invalid';
	if (unsafeCharacter.test(line) || yamlSign.test(line)) return 'characters';
	const [type, blob] = line.split(' ');
	if (line !== normalizeSshKey(line) || !type || !blob || !sshKeyTypes.includes(type))
		return 'invalid';
	return null;
}

/** The first thing wrong with a (normalized) key, or null when it can be ordered and delivered. */
export function sshKeyProblem(key: string): SshKeyProblem | null {
	const problem = sshKeyLineProblem(key);
	if (problem) return problem;
	const [type = '', blob = '', ...comment] = key.split(' ');
	// A second key type further on is a second key pasted onto the same line.
	if (comment.some((word) => sshKeyTypes.includes(word))) return 'invalid';
	const bytes = decodeBase64(blob);
	return bytes !== null && blobHolds(type, bytes) ? null : 'invalid';
}

/** One OpenSSH public key, alone on its line and normalized, that the rule above accepts. */
export function isOpenSshPublicKey(key: string): boolean {
	return sshKeyProblem(key) === null;
}
