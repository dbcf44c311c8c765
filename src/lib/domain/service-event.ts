import { z } from 'zod';

/**
 * What a server's activity log records (`service_activity.event` allows the same): orders and
 * billing, the customer's actions, the VPS panel's reinstall, console and reverse DNS, a game
 * server's backups and files, and a Minecraft server's software and modpacks. Each
 * has its label `servers.event.<event>` in every language (src/lib/domain/service-event.test.ts).
 */
export const serviceEvents = [
	'created',
	'paid',
	'provisioned',
	'started',
	'stopped',
	'restarted',
	'upgraded',
	'renewed',
	'cancellation_requested',
	'kept',
	'suspended',
	'unsuspended',
	'cancelled',
	'terminated',
	'paused',
	'resumed',
	'password_reset',
	'settings_changed',
	'reinstalled',
	'console_opened',
	'rdns_changed',
	// A game server's backups and files, from the panel (src/server/game-tools).
	'backup_created',
	'backup_restored',
	'backup_deleted',
	'backup_locked',
	'backup_unlocked',
	'file_saved',
	'file_renamed',
	'file_deleted',
	'folder_created',
	'file_upload_started',
	// A Minecraft server's software and modpacks (src/server/minecraft-software).
	'software_changed',
	'modpack_installed',
	'modpack_removed',
	'software_install_failed',
] as const;
export type ServiceEvent = (typeof serviceEvents)[number];

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const serviceEventSchema = /* @__PURE__ */ z.enum(serviceEvents);
