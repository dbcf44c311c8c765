import { isVpsImageId, type VpsImageId } from './images';

// A VPS choice as it travels (the cart, a request), before choice.ts's rules judge it. Apart from
// those rules and the key parser they use, so the cart, which every game page loads, reads a stored
// choice without loading either (scripts/storefront-bundle.ts).

/** Ordered with a VPS: SSH keys, or none for a generated password shown once after delivery. */
export interface VpsChoice {
	image: VpsImageId;
	hostname: string;
	/** OpenSSH public keys; empty or absent means a generated password. */
	sshKeys?: string[];
}

export const maxSshKeys = 10;

/**
 * What a request may carry (checkout's `item.vps`, a reinstall) before the rules judge it. The
 * caps bound what is read, above the rules' own limits, so eleven keys or a 9 KB paste get the
 * rule's translated answer (vps_ssh_key_invalid), not a bare 400. The server's schemas
 * (choice-body.ts) and the browser's readVpsChoice both read by them.
 */
export const vpsChoiceCaps = {
	image: 40,
	hostname: 253,
	sshKey: 16_384,
	sshKeys: maxSshKeys * 5,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored choice (the cart's) as the browser reads it: the shape the server's schema takes
 * (vpsChoiceBody with an image we offer), or null; the server then normalizes the keys. Written
 * without zod, which stays on the server; choice.test.ts holds the two equal.
 */
export function readVpsChoice(value: unknown): VpsChoice | null {
	if (!isRecord(value)) return null;
	const { image, hostname, sshKeys } = value;
	if (!isVpsImageId(image) || typeof hostname !== 'string') return null;
	if (hostname.length > vpsChoiceCaps.hostname) return null;
	if (sshKeys === undefined) return { image, hostname };
	if (!Array.isArray(sshKeys) || sshKeys.length > vpsChoiceCaps.sshKeys) return null;
	const readable = sshKeys.every(
		(key): key is string => typeof key === 'string' && key.length <= vpsChoiceCaps.sshKey,
	);
	return readable ? { image, hostname, sshKeys: [...sshKeys] } : null;
}
