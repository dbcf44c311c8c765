/** The UI strings the panel's islands use, picked per page so none ships a whole dictionary. */
const common = [
	'panel.error.generic',
	'panel.error.retry',
	'panel.loading',
	'billing.pay',
	'billing.payWith',
	'billing.paying',
	'billing.col.number',
	'billing.col.service',
	'billing.col.due',
	'billing.col.total',
	'billing.col.status',
	'invoice.type.vps',
	'checkout.method.card',
	'checkout.method.paypal',
	'checkout.method.mobilepay',
	'invoice.pdf.status.unpaid',
	'invoice.pdf.status.paidUndated',
	'invoice.pdf.status.overdue',
	'invoice.pdf.status.refunded',
	'invoice.pdf.status.cancelled',
] as const;

const prefixed = (dictionary: Record<string, string>, prefixes: string[]) =>
	Object.keys(dictionary).filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));

/** Keys for the dashboard: the common ones, the dashboard's and the server states. */
export function dashboardKeys(dictionary: Record<string, string>): string[] {
	return [
		...common,
		'panel.welcome',
		'panel.welcomeNew',
		...prefixed(dictionary, [
			'panel.stats.',
			'panel.dashboard.',
			'panel.service.',
			'panel.live.',
			'panel.ram',
		]),
	];
}

/** Keys for the billing pages: invoice list, invoice, upgrade payment, saved cards. */
export function billingKeys(dictionary: Record<string, string>): string[] {
	return [
		...common,
		// An upgrade's payment page leads back to its server's page.
		'servers.backToServer',
		'vps.page.back',
		...prefixed(dictionary, ['billing.', 'invoice.', 'cards.', 'upgradePay.', 'cycle.']),
	].filter((key) => !key.startsWith('invoice.pdf.error'));
}

/** Keys for the server pages: list, server, upgrade, and a VPS page's billing (VpsAccount). */
export function serverKeys(dictionary: Record<string, string>): string[] {
	return [
		...common,
		'panel.nav.servers',
		'panel.nav.vps',
		// A VPS's words on the shared parts: its way back and its Cancel.
		'vps.page.back',
		// The new panel password's SFTP login and copy buttons (PanelAccess).
		'gameFiles.sftp.address',
		'gameFiles.sftp.port',
		'gameFiles.sftp.user',
		'gameFiles.copy',
		'gameFiles.copied',
		'vps.page.cancel',
		...prefixed(dictionary, [
			'vps.list.',
			'servers.',
			// The subdomain form checks the label's rules before asking the server.
			'checkout.error.subdomain_',
			'moneyBack.',
			'services.refund.error.',
			'panel.service.',
			'panel.live.',
			'panel.dashboard.',
			'billing.',
			'upgradePay.',
			'cycle.',
			'invoice.pdf.vatTotal',
			'invoice.pdf.total',
			// Why our team suspended the server (the console's staff.services.* keys for customers).
			'staff.services.customerNotice.',
			// A Minecraft server's software and pack, their update and removal (MinecraftSoftware).
			'modpacks.server.',
			'modpacks.running.',
			'modpacks.progress.',
			'modpacks.confirm.',
			'minecraft.software.',
			'minecraft.loader.',
			'software.step.',
		]),
		'modpacks.freshWorld',
		'modpacks.freshWorldHint',
		'modpacks.extra.add',
		'modpacks.versions.ramUpgrade',
		'modpacks.upgrade',
	];
}

/** Keys for /panel/affiliate: the shared ones and the page's (the server words its own errors). */
export function affiliateKeys(dictionary: Record<string, string>): string[] {
	return [
		'panel.error.generic',
		'panel.error.retry',
		'panel.loading',
		...prefixed(dictionary, ['affiliate.']).filter((key) => !key.startsWith('affiliate.error.')),
	];
}

/** Keys for the profile's Security tab: its sessions. */
export function securityKeys(dictionary: Record<string, string>): string[] {
	return [...common, ...prefixed(dictionary, ['sessions.'])];
}

/** Keys for a VPS's page: its sections (src/components/panel/vps/) pick under `vps.page.`. */
export function vpsKeys(dictionary: Record<string, string>): string[] {
	return [...common, ...prefixed(dictionary, ['vps.page.'])];
}

/** The VPS page's reinstall and password sections, with checkout's image and key messages. */
export function vpsReinstallKeys(dictionary: Record<string, string>): string[] {
	return prefixed(dictionary, ['vps.reinstall.', 'vps.password.']);
}

/** The profile's saved SSH keys. */
export function sshKeysKeys(dictionary: Record<string, string>): string[] {
	return prefixed(dictionary, ['sshKeys.']);
}

/** Keys for the credit notes under the invoice list (the staff money section writes them). */
export function creditNoteKeys(dictionary: Record<string, string>): string[] {
	return [
		'panel.error.generic',
		'panel.error.retry',
		...prefixed(dictionary, ['staff.money.panel.']),
	];
}
