import type { GamePowerAction } from '../../lib/domain/power';
import type { GameId } from '../../lib/games';
import type { ConsoleFrame } from '../../lib/domain/game-console-event';
import type { SoftwareInstall } from '../../lib/modpacks/plan';
import type { LocationId } from '../../lib/domain/location';

// The game panel port: what provisioning, billing and the customer panel depend on. index.ts picks
// the implementation from the environment (Pterodactyl, or the embedded simulation); callers never
// name one. Every method rejects with the classes in errors.ts.

export type PowerSignal = GamePowerAction;

/**
 * What a server is doing. `install_failed` is the panel's own terminal status (the egg's install
 * script failed): it needs an operator, so it is not folded into `offline`.
 */
export type ServerState =
	'installing' | 'install_failed' | 'offline' | 'starting' | 'running' | 'stopping' | 'suspended';

/** Our sizes, in the units the catalogue sells; the adapters convert to the panel's MiB. */
export interface ServerBuild {
	ramGb: number;
	storageGb: number;
	/** Percent of one CPU thread (100 = one core); 0 means no limit, as the panel reads it. */
	cpuPercent: number;
}

/** What to keep to act on a server later: the panel's numeric id and its 8-character identifier. */
export interface ServerRef {
	panelServerId: number;
	identifier: string;
}

export interface PanelServer extends ServerRef {
	/** Where players connect: the primary allocation's alias (or IP) and port. */
	address: { host: string; port: number };
	build: ServerBuild;
}

export interface CreateServerInput {
	/** Our service id, stored as the panel's `external_id`: creating twice returns the first. */
	serviceId: string;
	/** `accountId` (ours) lets the panel find the customer again after an e-mail change. */
	customer: { email: string; firstName: string; lastName: string; accountId?: string };
	game: GameId;
	/**
	 * Where it runs (content/catalogue/locations.json): Pterodactyl deploys on a node of the
	 * location's panel locations; the simulation keeps it in that location's capacity.
	 */
	location: LocationId;
	name: string;
	ramGb: number;
	storageGb: number;
	cpuPercent?: number;
	/** How many backups the plan includes: the panel's `feature_limits.backups` (0 when omitted). */
	backups?: number;
}

export interface BuildChange {
	ramGb: number;
	storageGb: number;
	/** Left as it is when omitted. */
	cpuPercent?: number;
	/** The plan's number of backups; left as it is when omitted. */
	backups?: number;
}

export interface ServerStatus {
	state: ServerState;
	/** Live usage, when the panel reports it (not while installing or suspended). */
	resources?: { memoryBytes: number; cpuPercent: number; diskBytes: number; uptimeMs: number };
}

/**
 * A new password for the customer's panel account, which is also their SFTP password. Shown once,
 * never stored. It is per account, not per server: every server of that customer is affected.
 */
export interface PanelCredentials {
	username: string;
	password: string;
	sftp: { host: string; port: number; username: string };
}

/** A daily time in UTC, as the panel's schedules take it. */
export interface DailyTime {
	hour: number;
	minute: number;
}

/**
 * A live console on a server, opened by the adapter with its own credentials (Pterodactyl: the
 * client API's `/websocket` token, sent as Wings' `auth` frame and renewed before it expires).
 * Frames pass in Wings' own shape. `send` takes only what a customer may send (`consoleRequests`);
 * `onFrame` delivers only what a customer may see (`consoleEvents`): the adapter drops the rest.
 */
export interface ConsoleSession {
	send(frame: ConsoleFrame): void;
	/** Returns the function that stops listening. */
	onFrame(listener: (frame: ConsoleFrame) => void): () => void;
	/** Once, when the panel's side ended (the node went away, the server was deleted). */
	onClose(listener: (reason: string) => void): void;
	close(): void;
}

export interface Backup {
	/** The panel's backup uuid. */
	id: string;
	name: string;
	bytes: number;
	/** `sha1:<hex>` once complete. */
	checksum: string | null;
	createdAt: string;
	/** Null while it is being made. */
	completedAt: string | null;
	/** False for one that failed (or is still being made). */
	successful: boolean;
	/** Locked backups are never rotated out nor deleted. */
	locked: boolean;
}

export interface FileEntry {
	name: string;
	kind: 'file' | 'folder' | 'link';
	bytes: number;
	/** ISO 8601. */
	modifiedAt: string;
	mimetype: string;
}

/**
 * A link for the browser: a backup or file to download, or where to POST an upload (multipart,
 * field `files`). Short-lived and single-use, like Wings' signed URLs.
 */
export interface SignedLink {
	url: string;
	expiresAt: string;
}

export interface GamePanel {
	/** Which implementation index.ts chose, for operators (the readiness check names it). */
	readonly kind: 'pterodactyl' | 'simulated';
	/** Idempotent on `serviceId`; resolves once the panel accepted it (install then runs on). */
	createServer(input: CreateServerInput): Promise<PanelServer>;
	/**
	 * Whether a new server of `build` fits in `location` now: some node there has the memory and
	 * disk free (Pterodactyl's limits with their over-allocation, a node not in maintenance) and a
	 * free port. Asked before payment; a location with no node the panel knows is full.
	 */
	hasRoom(location: LocationId, build: ServerBuild): Promise<boolean>;
	/** The server created for a service id, or null when there is none. */
	findServer(serviceId: string): Promise<PanelServer | null>;
	updateBuild(ref: ServerRef, change: BuildChange): Promise<ServerBuild>;
	/** Both idempotent; suspending stops a running server and refuses power until unsuspended. */
	suspend(ref: ServerRef): Promise<void>;
	unsuspend(ref: ServerRef): Promise<void>;
	delete(ref: ServerRef): Promise<void>;
	/** Queues the signal and returns; watch `state()` for its effect. */
	power(ref: ServerRef, signal: PowerSignal): Promise<void>;
	state(ref: ServerRef): Promise<ServerStatus>;
	resetPanelPassword(ref: ServerRef): Promise<PanelCredentials>;
	/**
	 * Restarts the server every day at `time`, in UTC (`hour` 0–23, `minute` 0–59), or no longer
	 * when `time` is null. UTC holds only while the panel itself runs in UTC (README: settings).
	 * Idempotent: the same time set twice leaves one schedule, null with none set does nothing.
	 * Only a running server is restarted; a stopped one stays stopped. Like `power`, rejects with a
	 * conflict while the server is installing or suspended (null included), and not found for an
	 * unknown server.
	 */
	setDailyRestart(ref: ServerRef, time: DailyTime | null): Promise<void>;
	/** The console of a running or stopped server; conflict while installing or suspended. */
	openConsole(ref: ServerRef): Promise<ConsoleSession>;

	/** The server's backups, newest first, and the plan's limit. */
	listBackups(ref: ServerRef): Promise<{ backups: Backup[]; limit: number }>;
	/**
	 * Starts a backup (it completes later: poll `listBackups`). Refused with `backup_limit` at the
	 * limit, `backups_too_frequent` over the panel's 2 per 10 minutes.
	 */
	createBackup(ref: ServerRef, input: { name?: string; locked?: boolean }): Promise<Backup>;
	/** Sets (not toggles) the lock; idempotent. */
	setBackupLocked(ref: ServerRef, backupId: string, locked: boolean): Promise<Backup>;
	backupDownload(ref: ServerRef, backupId: string): Promise<SignedLink>;
	/**
	 * Stops the server, waits until it is offline, then restores over its files (all deleted first
	 * with `truncate`). Resolves when the restore has started; the panel refuses other calls until done.
	 */
	restoreBackup(ref: ServerRef, backupId: string, options: { truncate: boolean }): Promise<void>;
	/** Refused with `backup_locked` for a locked, completed backup. */
	deleteBackup(ref: ServerRef, backupId: string): Promise<void>;
	/**
	 * Backs the server up every day at `time` (UTC), the oldest unlocked backup making room at the
	 * limit, or no longer with null. Idempotent, like `setDailyRestart`.
	 */
	setDailyBackup(ref: ServerRef, time: DailyTime | null): Promise<void>;

	/** Paths are absolute within the server's folder (`/`, `/world`); escaping it is refused. */
	listFiles(ref: ServerRef, dir: string): Promise<FileEntry[]>;
	/** The text of a file; `file_too_large` over 4 MiB, `file_not_text` for binary content. */
	readFile(ref: ServerRef, path: string): Promise<string>;
	writeFile(ref: ServerRef, path: string, text: string): Promise<void>;
	renameFile(ref: ServerRef, from: string, to: string): Promise<void>;
	deleteFiles(ref: ServerRef, paths: string[]): Promise<void>;
	createFolder(ref: ServerRef, path: string): Promise<void>;
	fileDownload(ref: ServerRef, path: string): Promise<SignedLink>;
	/** Where to POST files into `dir`. */
	fileUpload(ref: ServerRef, dir: string): Promise<SignedLink>;

	/**
	 * Replaces a Minecraft server's software with plain software or a modpack: stops the server,
	 * sets the installer's variables and reinstalls (Pterodactyl: the application API's startup
	 * endpoint, then reinstall). Worlds are kept unless `freshWorld`; a previous pack's files are
	 * removed. Resolves once the panel accepted it: `state()` says `installing`, then `offline`, or
	 * `install_failed` when the install script failed; the console shows the install's log. Refused
	 * with a conflict while installing or suspended, and with GamePanelRefusedError `not_minecraft`
	 * for another game's server.
	 */
	installSoftware(
		ref: ServerRef,
		install: SoftwareInstall,
		options: { freshWorld: boolean },
	): Promise<void>;

	/** Where the customer manages the server in the panel; null when there is no panel to visit. */
	panelUrl(ref: ServerRef): string | null;
	/**
	 * For the readiness check: resolves when the panel can be used now (Pterodactyl: both APIs answer
	 * a read with their key within about 3 s; the simulation: its state file reads), else rejects
	 * with an Error saying what failed. The message never holds a key.
	 */
	probe(): Promise<void>;
}
