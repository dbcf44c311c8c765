import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

// `.env.local`: where `npm start` leaves everything the operator's commands (billing:run,
// support:reply, affiliate:payout) need to act on what it runs, and where each command reads it.
// The local stack's URL and keys come from local-backend.ts; the site's origin (every link a
// command mails), the simulated game panel's and hypervisor's state files (what a billing run
// suspends) and the embedded DNS's (what it removes when a service ends) from here.

export const LOCAL_ENV_FILE = '.env.local';

/** What a command needs beside the backend to act on the site `npm start` runs. */
export interface SiteSettings {
	PUBLIC_SITE_URL: string;
	/** Absent with a real game panel (PTERODACTYL_URL). */
	GAME_PANEL_SIM_FILE?: string;
	/** The simulated servers' files and backups; absent with a real game panel. */
	GAME_PANEL_SIM_DIR?: string;
	/** Absent with Proxmox VE (PROXMOX_URL). */
	HYPERVISOR_SIM_FILE?: string;
	/** Absent with PowerDNS (DNS_PROVIDER, POWERDNS_API_URL). */
	DNS_EMBEDDED_FILE?: string;
}

/** Writes the site's settings beside the stack's; the state file as an absolute path. */
export async function saveSiteSettings(settings: SiteSettings, file = LOCAL_ENV_FILE) {
	const { PUBLIC_SITE_URL, GAME_PANEL_SIM_FILE, GAME_PANEL_SIM_DIR } = settings;
	const { HYPERVISOR_SIM_FILE, DNS_EMBEDDED_FILE } = settings;
	// Imported here: the commands load this module and need none of the stack.
	const { updateEnvFile } = await import('@frostnode/local-supabase');
	await updateEnvFile(resolve(file), {
		PUBLIC_SITE_URL,
		...(GAME_PANEL_SIM_FILE ? { GAME_PANEL_SIM_FILE: resolve(GAME_PANEL_SIM_FILE) } : {}),
		...(GAME_PANEL_SIM_DIR ? { GAME_PANEL_SIM_DIR: resolve(GAME_PANEL_SIM_DIR) } : {}),
		...(HYPERVISOR_SIM_FILE ? { HYPERVISOR_SIM_FILE: resolve(HYPERVISOR_SIM_FILE) } : {}),
		...(DNS_EMBEDDED_FILE ? { DNS_EMBEDDED_FILE: resolve(DNS_EMBEDDED_FILE) } : {}),
	});
}

/**
 * The one loader of every command: a backend named in the environment (a hosted project) is the
 * whole configuration, else `.env.local` as `npm start` wrote it. Values already in the
 * environment win over the file's.
 */
export function loadLocalEnv(file = LOCAL_ENV_FILE): void {
	if (!process.env.PUBLIC_SUPABASE_URL && existsSync(file)) process.loadEnvFile(file);
}
