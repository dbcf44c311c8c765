import type { ProductType } from './domain/product';

/**
 * The site's pages that code outside them links to (mails, redirects after a write, the panel's
 * navigation), locale-free: put them through `localizePath`. Written once here so a mail cannot
 * name a page that does not exist; `src/server/mail/links.test.ts` checks each against `src/pages`.
 */
export const routes = {
	login: '/login',
	loginCode: '/login/code',
	security: '/panel/account/security',
	resetPassword: '/reset-password',
	checkoutComplete: '/checkout/complete',
	panel: '/panel',
	profile: '/panel/account/profile',
	billing: '/panel/billing',
	paymentMethods: '/panel/billing/payment-methods',
	invoice: (id: string) => `/panel/billing/invoices/${id}`,
	upgradePayment: (id: string) => `/panel/billing/upgrade/payment/${id}`,
	servers: '/panel/game-servers',
	server: (id: string) => `/panel/game-servers/servers/${id}`,
	serverUpgrade: (id: string) => `/panel/game-servers/upgrade/${id}`,
	serverCancel: (id: string) => `/panel/game-servers/servers/${id}/cancel`,
	serverConsole: (id: string) => `/panel/game-servers/servers/${id}/console`,
	serverBackups: (id: string) => `/panel/game-servers/servers/${id}/backups`,
	serverFiles: (id: string) => `/panel/game-servers/servers/${id}/files`,
	serverModpacks: (id: string) => `/panel/game-servers/servers/${id}/modpacks`,
	vpsList: '/panel/vps',
	vps: (id: string) => `/panel/vps/${id}`,
	vpsUpgrade: (id: string) => `/panel/vps/${id}/upgrade`,
	vpsCancel: (id: string) => `/panel/vps/${id}/cancel`,
	orderGame: '/games',
	orderVps: '/vps-hosting',
	locations: '/locations',
	support: '/panel/support',
	ticket: (id: string) => `/panel/support/tickets/${id}`,
	affiliate: '/panel/affiliate',
	staff: '/staff',
	staffTickets: '/staff/tickets',
	staffTicket: (id: string) => `/staff/tickets/${id}`,
	staffCustomers: '/staff/customers',
	staffCustomer: (id: string) => `/staff/customers/${id}`,
	staffServices: '/staff/services',
	staffService: (id: string) => `/staff/services/${id}`,
	staffMoney: '/staff/money',
	staffInvoice: (id: string) => `/staff/invoices/${id}`,
	staffPayouts: '/staff/payouts',
	staffDiscounts: '/staff/discounts',
	staffDiscount: (code: string) => `/staff/discounts/${encodeURIComponent(code)}`,
	staffAudit: '/staff/audit',
} as const;

/**
 * A server's own pages by its kind: one page per kind (a game server's under Game servers, a
 * VPS's under VPS), its upgrade and its cancel flow beside it.
 */
export function serverPages(server: { type: ProductType; id: string }) {
	const { id } = server;
	return server.type === 'vps'
		? { page: routes.vps(id), upgrade: routes.vpsUpgrade(id), cancel: routes.vpsCancel(id) }
		: {
				page: routes.server(id),
				upgrade: routes.serverUpgrade(id),
				cancel: routes.serverCancel(id),
			};
}

/** The query a paid pause fee comes back to the server page with, for it to confirm the pause. */
export const pausePaidQuery = 'paused';

/** Where the gateway sends a customer who paid a pause fee: their server, confirming the pause. */
export const pausePaidPath = (server: { type: ProductType; id: string }) =>
	`${serverPages(server).page}?${pausePaidQuery}=1`;
