import { maxSshKeys, type VpsChoice } from './choice-shape';
import { findVpsImage, type VpsImage } from './images';
import { isOpenSshPublicKey, normalizeSshKey, sshKeyProblem } from './ssh-key';

export { isOpenSshPublicKey, normalizeSshKey };
export { maxSshKeys, type VpsChoice };

// What a customer chooses for a VPS besides its size: the image, the machine's name and how to get
// in. The configurator checks it as they type, checkout checks it again; both use these rules.

/** Why a VPS choice is refused: the codes checkout answers with (checkout.error.<code>). */
export const vpsProblems = [
	'vps_image_unknown',
	'vps_image_ram',
	'vps_hostname_invalid',
	'vps_ssh_key_invalid',
	'vps_ssh_key_characters',
	'vps_ssh_keys_windows',
] as const;
export type VpsProblem = (typeof vpsProblems)[number];

/** One DNS label (RFC 1123): letters, digits and inner hyphens, at most 63. */
const hostnamePattern = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizeHostname(raw: string): string {
	return raw.trim().toLowerCase();
}

export function isValidHostname(hostname: string): boolean {
	return hostnamePattern.test(hostname);
}

/** Keys as a request carries them: each normalized (ssh-key.ts), blanks dropped, each kept once. */
export function uniqueSshKeys(keys: readonly string[]): string[] {
	return [...new Set(keys.map(normalizeSshKey).filter(Boolean))];
}

/** Keys as typed: one per line. */
export function splitSshKeys(text: string): string[] {
	return uniqueSshKeys(text.split(/\r?\n/));
}

/** Why one key cannot be ordered, as checkout says it; null when it can. */
export function vpsKeyProblem(
	key: string,
): 'vps_ssh_key_invalid' | 'vps_ssh_key_characters' | null {
	const problem = sshKeyProblem(key);
	if (!problem) return null;
	return problem === 'characters' ? 'vps_ssh_key_characters' : 'vps_ssh_key_invalid';
}

/** The first thing wrong with a choice for a VPS of `ramGb`, or null when it can be ordered. */
export function vpsChoiceProblem(
	choice: VpsChoice | null | undefined,
	ramGb: number,
): VpsProblem | null {
	const image: VpsImage | undefined = choice ? findVpsImage(choice.image) : undefined;
	if (!choice || !image) return 'vps_image_unknown';
	if (ramGb < image.minRamGb) return 'vps_image_ram';
	if (!isValidHostname(choice.hostname)) return 'vps_hostname_invalid';
	const keys = choice.sshKeys ?? [];
	if (keys.length && image.os === 'windows') return 'vps_ssh_keys_windows';
	if (keys.length > maxSshKeys) return 'vps_ssh_key_invalid';
	for (const key of keys) {
		const problem = vpsKeyProblem(key);
		if (problem) return problem;
	}
	return null;
}
