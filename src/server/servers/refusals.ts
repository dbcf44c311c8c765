import type { UiKey } from '../../i18n';
import type { ServerRefusal } from './owned';
import type { SubdomainChangeRefusal } from './subdomain-change';

/** Each refusal's HTTP status and message: the customer learns what to do, never a panel detail. */
export const serverRefusals: Record<ServerRefusal, { status: number; message: UiKey }> = {
	not_found: { status: 404, message: 'servers.error.not_found' },
	suspended: { status: 409, message: 'servers.error.suspended' },
	ended: { status: 409, message: 'servers.error.ended' },
	not_ready: { status: 409, message: 'servers.error.not_ready' },
	not_on_panel: { status: 409, message: 'servers.error.not_on_panel' },
	panel_refused: { status: 409, message: 'servers.error.panel_refused' },
	panel_unavailable: { status: 503, message: 'servers.error.panel_unavailable' },
};

/** A label refused at checkout, in the configurator's check or in the panel: one message each. */
export const subdomainRefusals: Record<SubdomainChangeRefusal, { status: number; message: UiKey }> =
	{
		subdomain_required: { status: 422, message: 'checkout.error.subdomain_required' },
		subdomain_invalid: { status: 422, message: 'checkout.error.subdomain_invalid' },
		subdomain_reserved: { status: 422, message: 'checkout.error.subdomain_reserved' },
		subdomain_taken: { status: 409, message: 'checkout.error.subdomain_taken' },
		not_found: { status: 404, message: 'servers.error.not_found' },
		ended: { status: 409, message: 'servers.error.ended' },
		no_subdomain_extra: { status: 409, message: 'checkout.error.unknown_extra' },
	};
