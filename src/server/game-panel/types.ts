import type { GamePowerAction } from '../../lib/domain/power';
import type { GameId } from '../../lib/games';

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
	name: string;
	ramGb: number;
	storageGb: number;
	cpuPercent?: number;
}

export interface BuildChange {
	ramGb: number;
	storageGb: number;
	/** Left as it is when omitted. */
	cpuPercent?: number;
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

export interface GamePanel {
	/** Which implementation index.ts chose, for operators (the readiness check names it). */
	readonly kind: 'pterodactyl' | 'simulated';
	/** Idempotent on `serviceId`; resolves once the panel accepted it (install then runs on). */
	createServer(input: CreateServerInput): Promise<PanelServer>;
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
	setDailyRestart(ref: ServerRef, time: { hour: number; minute: number } | null): Promise<void>;
	/** Where the customer manages the server in the panel; null when there is no panel to visit. */
	panelUrl(ref: ServerRef): string | null;
	/**
	 * For the readiness check: resolves when the panel can be used now (Pterodactyl: both APIs answer
	 * a read with their key within about 3 s; the simulation: its state file reads), else rejects
	 * with an Error saying what failed. The message never holds a key.
	 */
	probe(): Promise<void>;
}
