import type { UiKey } from '../../i18n';
import type { PasswordRefusal } from './password';
import type { ReinstallRefusal } from './reinstall';

// Each refusal's HTTP status and message: the customer learns what to do, never a hypervisor detail.
// A checkout rule's refusal (the image, its RAM, the keys) answers with checkout's own message.

export const vpsRefusals: Record<
	ReinstallRefusal | PasswordRefusal,
	{ status: number; message: UiKey }
> = {
	not_found: { status: 404, message: 'servers.error.not_found' },
	not_vps: { status: 404, message: 'servers.error.not_found' },
	suspended: { status: 409, message: 'servers.error.suspended' },
	ended: { status: 409, message: 'servers.error.ended' },
	not_ready: { status: 409, message: 'servers.error.not_ready' },
	not_privileged: { status: 403, message: 'vps.reinstall.error.not_privileged' },
	hostname_mismatch: { status: 422, message: 'vps.reinstall.error.hostname_mismatch' },
	image_unavailable: { status: 409, message: 'vps.reinstall.error.image_unavailable' },
	machine_busy: { status: 409, message: 'vps.reinstall.error.machine_busy' },
	machine_missing: { status: 409, message: 'servers.error.not_on_panel' },
	hypervisor_unavailable: { status: 503, message: 'vps.reinstall.error.unavailable' },
	vps_image_unknown: { status: 422, message: 'checkout.error.vps_image_unknown' },
	vps_image_ram: { status: 422, message: 'checkout.error.vps_image_ram' },
	vps_hostname_invalid: { status: 422, message: 'checkout.error.vps_hostname_invalid' },
	vps_ssh_key_invalid: { status: 422, message: 'checkout.error.vps_ssh_key_invalid' },
	vps_ssh_keys_windows: { status: 422, message: 'checkout.error.vps_ssh_keys_windows' },
};
