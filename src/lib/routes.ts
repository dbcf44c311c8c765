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
	vps: (id: string) => `/panel/vps/${id}`,
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

/** The query a paid pause fee comes back to the server page with, for it to confirm the pause. */
export const pausePaidQuery = 'paused';

/** Where the gateway sends a customer who paid a pause fee: their server, confirming the pause. */
export const pausePaidPath = (id: string) => `${routes.server(id)}?${pausePaidQuery}=1`;
