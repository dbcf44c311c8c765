// An OpenSSH public key line (`type base64 [comment]`) read down to its wire blob (RFC 4253, 5656,
// 8709): a truncated paste, a private key, a fingerprint or a blob of another type is refused
// here, where the customer can fix it, not by the machine's first boot.

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

/** One OpenSSH public key, alone on its line (a second key type further on is a second key). */
export function isOpenSshPublicKey(line: string): boolean {
	if (line.length > 8192 || /[\r\n]/.test(line)) return false;
	const [type, blob, ...comment] = line.trim().split(/\s+/);
	if (!type || !blob || !sshKeyTypes.includes(type)) return false;
	if (comment.some((word) => sshKeyTypes.includes(word))) return false;
	const bytes = decodeBase64(blob);
	return bytes !== null && blobHolds(type, bytes);
}
