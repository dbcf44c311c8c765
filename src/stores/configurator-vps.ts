import { computed, map, type ReadableAtom } from 'nanostores';
import type { ServerChoice } from '../lib/pricing';
import type { VpsChoice } from '../lib/vps/choice';
import {
	checkVpsDraft,
	draftFrom,
	fitDraftToRam,
	withImage,
	type VpsAccess,
	type VpsDraft,
} from '../lib/vps/draft';
import type { PublicVpsImage, VpsImageId } from '../lib/vps/images';

/**
 * The configurator's VPS fields (image, hostname, sign-in) for the images a VPS page offers, as
 * typed and checked as typed. Only the VPS page's island loads this (and the key rules it needs);
 * a game page's configurator has none of it. createConfigurator calls the returned function with
 * its choice, so the checks follow the RAM.
 */
export function vpsPart(images: readonly PublicVpsImage[]) {
	return ($state: ReadableAtom<ServerChoice>, start?: VpsChoice) => {
		// The fields as typed live beside the choice; the choice gets them when it goes to the cart.
		const $vps = map<VpsDraft>(draftFrom(start));
		const $check = computed([$state, $vps], (state, draft) =>
			checkVpsDraft(draft, images, state.ram),
		);
		return {
			$vps,
			/** What is wrong with the fields, and the choice to order once nothing is. */
			$check,
			resume: (choice?: VpsChoice) => $vps.set(draftFrom(choice)),
			/** After the RAM changed: an image that needs more is unselected, and says so. */
			fitToRam: (ram: number) => $vps.set(fitDraftToRam($vps.get(), images, ram)),
			chooseImage: (id: VpsImageId) => $vps.set(withImage($vps.get(), images, id)),
			setHostname: (hostname: string) => $vps.setKey('hostname', hostname),
			/** Keys or a generated password; Windows has only the password. */
			setAccess: (access: VpsAccess) => {
				const image = images.find((candidate) => candidate.id === $vps.get().image);
				if (access === 'keys' && image?.os === 'windows') return;
				$vps.setKey('access', access);
			},
			setSshKeys: (text: string) => $vps.setKey('keysText', text),
		};
	};
}

export type VpsPartOf = ReturnType<typeof vpsPart>;
export type VpsPart = ReturnType<VpsPartOf>;
