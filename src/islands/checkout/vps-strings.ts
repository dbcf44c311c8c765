/** The order page's words for a VPS: its steps and how to connect once it runs. */
export const vpsProgressKeys = [
	'order.vps.creating',
	'order.vps.starting',
	'order.vps.running',
	'order.vps.name',
	'order.vps.hostname',
	'order.vps.image',
	'order.vps.ipv4',
	'order.vps.ipv6',
	'order.vps.user',
	'order.vps.connect',
	'order.vps.ssh',
	'order.vps.rdp',
	'order.vps.keys',
	'order.vps.password',
	'order.vps.passwordOnce',
	'order.vps.passwordGone',
	'order.vps.copy',
	'order.vps.copied',
	'order.vps.manage',
] as const;

export type VpsStrings = Record<(typeof vpsProgressKeys)[number], string>;

/** A VPS's steps say "machine" where a game server's say "server" and "game". */
export const vpsStepKeys = {
	paid: 'checkout.complete.paid',
	settingUp: 'order.vps.creating',
	installing: 'order.vps.starting',
	running: 'order.vps.running',
} as const;
