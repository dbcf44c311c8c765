import type { ProductType } from './product';

/**
 * The power words each kind of server takes, in the order its page offers them. A game server's
 * are Pterodactyl's signals; a VPS's are Proxmox's status calls (a shutdown asks the guest, a stop
 * pulls the plug). `POST /api/services/{id}/power` takes `{ action }` with the word for the kind.
 */
export const gamePowerActions = ['start', 'stop', 'restart', 'kill'] as const;
export type GamePowerAction = (typeof gamePowerActions)[number];

export const vpsPowerActions = ['start', 'shutdown', 'stop', 'reboot', 'reset'] as const;
export type VpsPowerAction = (typeof vpsPowerActions)[number];

export const powerActionsFor = {
	game: gamePowerActions,
	vps: vpsPowerActions,
} as const satisfies Record<ProductType, readonly string[]>;

export function isGamePowerAction(word: unknown): word is GamePowerAction {
	return (gamePowerActions as readonly unknown[]).includes(word);
}

export function isVpsPowerAction(word: unknown): word is VpsPowerAction {
	return (vpsPowerActions as readonly unknown[]).includes(word);
}
