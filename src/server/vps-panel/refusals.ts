import type { UiKey } from '../../i18n';
import type { VpsRefusal } from './guard';

/** Each refusal's HTTP status and message: the customer learns what to do, never a hypervisor detail. */
export const vpsRefusals: Record<VpsRefusal, { status: number; message: UiKey }> = {
	not_found: { status: 404, message: 'vps.page.error.not_found' },
	suspended: { status: 409, message: 'vps.page.error.suspended' },
	ended: { status: 409, message: 'vps.page.error.ended' },
	not_ready: { status: 409, message: 'vps.page.error.not_ready' },
	rate_limited: { status: 429, message: 'api.error.rateLimited' },
	sign_in_again: { status: 403, message: 'vps.page.error.sign_in_again' },
	hypervisor_refused: { status: 409, message: 'vps.page.error.hypervisor_refused' },
	hypervisor_unavailable: { status: 503, message: 'vps.page.error.hypervisor_unavailable' },
};
