import type { UiKey } from '../../i18n';
import type { VpsRefusal } from './guard';
import type { ReinstallProblem } from './reinstall';
import { vpsRefusals } from './refusals';

/** A reinstall request refused for what it asks: checkout's own message for checkout's rules. */
export const reinstallRefusals: Record<ReinstallProblem, { status: number; message: UiKey }> = {
	hostname_mismatch: { status: 422, message: 'vps.reinstall.error.hostname_mismatch' },
	image_unavailable: { status: 409, message: 'vps.reinstall.error.image_unavailable' },
	vps_image_unknown: { status: 422, message: 'checkout.error.vps_image_unknown' },
	vps_image_ram: { status: 422, message: 'checkout.error.vps_image_ram' },
	vps_hostname_invalid: { status: 422, message: 'checkout.error.vps_hostname_invalid' },
	vps_ssh_key_invalid: { status: 422, message: 'checkout.error.vps_ssh_key_invalid' },
	vps_ssh_key_characters: { status: 422, message: 'checkout.error.vps_ssh_key_characters' },
	vps_ssh_keys_windows: { status: 422, message: 'checkout.error.vps_ssh_keys_windows' },
};

const isProblem = (refusal: string): refusal is ReinstallProblem => refusal in reinstallRefusals;

/** Any refusal of a reinstall: the request's own, else the Rules' (guard.ts). */
export function reinstallRefusalOf(refusal: ReinstallProblem | VpsRefusal) {
	return isProblem(refusal) ? reinstallRefusals[refusal] : vpsRefusals[refusal];
}
