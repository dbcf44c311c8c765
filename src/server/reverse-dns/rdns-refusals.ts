import type { UiKey } from '../../i18n';
import type { RdnsRefusal } from './rdns';

/** Each reverse DNS refusal's HTTP status and message (vps.rdns.error.*). */
export const rdnsRefusals: Record<RdnsRefusal, { status: number; message: UiKey }> = {
	not_found: { status: 404, message: 'vps.rdns.error.not_found' },
	suspended: { status: 409, message: 'vps.rdns.error.suspended' },
	ended: { status: 409, message: 'vps.rdns.error.ended' },
	not_ready: { status: 409, message: 'vps.rdns.error.not_ready' },
	address_not_held: { status: 422, message: 'vps.rdns.error.address_not_held' },
	ptr_invalid: { status: 422, message: 'vps.rdns.error.ptr_invalid' },
	no_reverse_zone: { status: 409, message: 'vps.rdns.error.no_reverse_zone' },
	not_resolving: { status: 422, message: 'vps.rdns.error.not_resolving' },
	resolves_elsewhere: { status: 422, message: 'vps.rdns.error.resolves_elsewhere' },
	dns_unavailable: { status: 503, message: 'vps.rdns.error.dns_unavailable' },
};
