import {
	isValidHostname,
	maxSshKeys,
	normalizeHostname,
	normalizeSshKey,
	splitSshKeys,
	vpsKeyProblem,
	type VpsChoice,
} from './choice';
import type { PublicVpsImage, VpsImageId } from './images';

// The VPS part of the configurator as typed, and what is wrong with it field by field, so each
// field says its own problem while the visitor types. Checkout judges the finished choice again
// (vpsChoiceProblem); these are the same rules, read against the images the page was given.

export const vpsAccessKinds = ['keys', 'password'] as const;
export type VpsAccess = (typeof vpsAccessKinds)[number];

export interface VpsDraft {
	image: VpsImageId | null;
	/** As typed; normalized when checked and ordered. */
	hostname: string;
	access: VpsAccess;
	/** The key field as typed, one key a line. */
	keysText: string;
	/** An image unselected because the RAM went under its minimum, so the page can say why. */
	dropped?: VpsImageId;
}

export const emptyVpsDraft: VpsDraft = { image: null, hostname: '', access: 'keys', keysText: '' };

export type VpsKeysProblem =
	| { code: 'vps_ssh_keys_required' | 'vps_ssh_keys_too_many' }
	| { code: 'vps_ssh_key_invalid' | 'vps_ssh_key_characters'; line: number };

export interface VpsDraftCheck {
	image: 'vps_image_unknown' | 'vps_image_ram' | null;
	hostname: 'vps_hostname_required' | 'vps_hostname_invalid' | null;
	keys: VpsKeysProblem | null;
	/** The choice to order, once nothing is wrong. */
	choice: VpsChoice | null;
}

/** Windows signs in with a generated Administrator password only. */
const keysAllowed = (image: PublicVpsImage | undefined) => image?.os !== 'windows';

function keysProblem(text: string): VpsKeysProblem | null {
	const lines = text.split(/\r?\n/).map(normalizeSshKey);
	for (const [index, line] of lines.entries()) {
		const code = line && vpsKeyProblem(line);
		if (code) return { code, line: index + 1 };
	}
	const keys = splitSshKeys(text);
	if (!keys.length) return { code: 'vps_ssh_keys_required' };
	return keys.length > maxSshKeys ? { code: 'vps_ssh_keys_too_many' } : null;
}

export function checkVpsDraft(
	draft: VpsDraft,
	images: readonly PublicVpsImage[],
	ramGb: number,
): VpsDraftCheck {
	const image = images.find((candidate) => candidate.id === draft.image);
	const hostname = normalizeHostname(draft.hostname);
	const withKeys = draft.access === 'keys' && keysAllowed(image);
	const check: VpsDraftCheck = {
		image: !image ? 'vps_image_unknown' : ramGb < image.minRamGb ? 'vps_image_ram' : null,
		hostname: !hostname
			? 'vps_hostname_required'
			: isValidHostname(hostname)
				? null
				: 'vps_hostname_invalid',
		keys: withKeys ? keysProblem(draft.keysText) : null,
		choice: null,
	};
	if (image && !check.image && !check.hostname && !check.keys)
		check.choice = {
			image: image.id,
			hostname,
			...(withKeys ? { sshKeys: splitSshKeys(draft.keysText) } : {}),
		};
	return check;
}

/** Chooses an image; Windows switches access to its generated password. */
export function withImage(
	draft: VpsDraft,
	images: readonly PublicVpsImage[],
	id: VpsImageId,
): VpsDraft {
	const image = images.find((candidate) => candidate.id === id);
	if (!image) return draft;
	const { dropped: _dropped, ...rest } = draft;
	return { ...rest, image: image.id, access: keysAllowed(image) ? draft.access : 'password' };
}

/** Unselects the image when the RAM went under its minimum (and remembers which, to say so). */
export function fitDraftToRam(
	draft: VpsDraft,
	images: readonly PublicVpsImage[],
	ramGb: number,
): VpsDraft {
	const image = images.find((candidate) => candidate.id === draft.image);
	if (!image || ramGb >= image.minRamGb) return draft;
	return { ...draft, image: null, dropped: image.id };
}

/** The draft a choice in the cart came from (the visitor came back to change it). */
export function draftFrom(choice: VpsChoice | undefined): VpsDraft {
	if (!choice) return emptyVpsDraft;
	const keys = choice.sshKeys ?? [];
	return {
		image: choice.image,
		hostname: choice.hostname,
		access: keys.length ? 'keys' : 'password',
		keysText: keys.join('\n'),
	};
}

/**
 * The keys text with `key` ticked on or off (a saved key picked in the configurator): the text
 * stays the one place the keys are, so pasting beside picking works and the checks see both.
 */
export function withKeyLine(text: string, key: string, on: boolean): string {
	const picked = normalizeSshKey(key);
	const lines = text
		.split(/\r?\n/)
		.filter((line) => line.trim() && normalizeSshKey(line) !== picked);
	return [...lines, ...(on ? [picked] : [])].join('\n');
}
