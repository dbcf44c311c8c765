import { randomUUID } from 'node:crypto';
import { runInstall } from './installer';
import { type NodeState, settleNode } from './node';
import { seedAllocations, seedEggs, seedNodes, seedUsers } from './seed';

export { NODE, LOCATIONS } from './seed';

// What the fake panel remembers: users, eggs, allocations (seed.ts), servers with their install
// status, the node's process state (moved on when read, as the real panel's reads would show),
// their schedules (run only when asked, by the panel's execute route), and what Wings keeps for
// each (node.ts: files, backups, console).

export interface FakeVariable {
	env_variable: string;
	default_value: string;
	/** Laravel rule string, as eggs carry them: `required|string|max:20`. */
	rules: string;
}

export interface FakeEgg {
	id: number;
	nest: number;
	docker_image: string;
	docker_images?: Record<string, string>;
	startup: string;
	variables: FakeVariable[];
}

export interface FakeUser {
	id: number;
	external_id: string | null;
	username: string;
	email: string;
	first_name: string;
	last_name: string;
	language: string;
	root_admin: boolean;
	password: string | null;
}

/** A node's settings as the panel stores them (MiB; over-allocation in percent, -1 allowed). */
export interface FakeNode {
	id: number;
	location_id: number;
	name: string;
	fqdn: string;
	daemon_sftp: number;
	/** Only public nodes take automatic deployments. */
	public: boolean;
	maintenance_mode: boolean;
	memory: number;
	memory_overallocate: number;
	disk: number;
	disk_overallocate: number;
}

export interface FakeAllocation {
	id: number;
	node: number;
	ip: string;
	alias: string | null;
	port: number;
	server: number | null;
}

export type PowerState = 'offline' | 'starting' | 'running' | 'stopping';

export interface FakeTask {
	id: number;
	sequence_id: number;
	action: string;
	payload: string;
	time_offset: number;
	continue_on_failure: boolean;
}

/** A client API schedule; the cron fields are the strings the panel stores. */
export interface FakeSchedule {
	id: number;
	name: string;
	cron_minute: string;
	cron_hour: string;
	cron_day_of_month: string;
	cron_month: string;
	cron_day_of_week: string;
	is_active: boolean;
	only_when_online: boolean;
	tasks: FakeTask[];
}

export interface FakeServer {
	id: number;
	external_id: string | null;
	uuid: string;
	identifier: string;
	name: string;
	user: number;
	node: number;
	egg: number;
	allocation: number;
	status: string | null;
	installedAt: number;
	limits: Record<string, number | string | null>;
	feature_limits: Record<string, number | null>;
	docker_image: string;
	startup: string;
	environment: Record<string, unknown>;
	skip_scripts: boolean;
	/** Whether the install running is a reinstall (a failure is then `reinstall_failed`). */
	reinstalling: boolean;
	/** The node's process: a state now and the states queued after it, each with its start time. */
	power: { state: PowerState; queue: { at: number; state: PowerState }[] };
	startedAt: number;
	schedules: FakeSchedule[];
	/** Wings' side: files, backups, console log. */
	wings: NodeState;
}

/** What a one-time link of the node gives: a backup's archive, a file, or an upload into a folder. */
export type SignedTarget =
	| { kind: 'backup'; server: string; backup: string }
	| { kind: 'file'; server: string; path: string }
	| { kind: 'upload'; server: string };

/** Wings' signed links: a JWT of 15 minutes, each usable once. */
const SIGNED_MS = 15 * 60_000;

export class FakePanelState {
	users = seedUsers();
	eggs = seedEggs();
	nodes = seedNodes();
	allocations = seedAllocations();
	servers: FakeServer[] = [];
	nextId = 10;
	/** config/backups.php: at most this many backups per period (deleted ones count). */
	backupThrottle = { limit: 2, periodMs: 600_000 };
	/**
	 * Requests a minute per API for the one user both keys belong to. The panel's are 240 and 720
	 * (config/http.php); off unless a test sets them, as the suites poll tightly.
	 */
	rateLimits = { application: Infinity, client: Infinity };
	/** Called when a server's process state changes (the fake Wings tells its sockets). */
	onPower: (server: FakeServer) => void = () => {};

	/** Where the node answers (the fake serves the panel and the node on one port). */
	nodeUrl = '';
	signed = new Map<string, SignedTarget & { exp: number }>();

	constructor(
		public delayMs = 0,
		public now: () => number = () => Date.now(),
	) {}

	sign(target: SignedTarget): string {
		const token = randomUUID();
		this.signed.set(token, { ...target, exp: this.now() + SIGNED_MS });
		const route = target.kind === 'upload' ? 'upload/file' : `download/${target.kind}`;
		return `${this.nodeUrl}/${route}?token=${token}`;
	}

	/** The link's target, once: a used, unknown or expired token is null. */
	redeem(token: string | null): (SignedTarget & { exp: number }) | null {
		const target = token ? this.signed.get(token) : undefined;
		if (!target) return null;
		this.signed.delete(token!);
		return target.exp > this.now() ? target : null;
	}

	id(): number {
		return this.nextId++;
	}

	uuid(): { uuid: string; identifier: string } {
		const uuid = randomUUID();
		return { uuid, identifier: uuid.slice(0, 8) };
	}

	/** Brings install and queued power changes up to now, as reads of the real panel would see. */
	settle(server: FakeServer): FakeServer {
		const now = this.now();
		if (server.status === 'installing' && now >= server.installedAt) {
			// What the egg's install script did, as Wings reports it to the panel.
			const failure = server.skip_scripts ? null : runInstall(server, now);
			server.status = failure
				? server.reinstalling
					? 'reinstall_failed'
					: 'install_failed'
				: null;
			server.reinstalling = false;
		}
		if (settleNode(server.wings, now).restored && server.status === 'restoring_backup')
			server.status = null;
		while (server.power.queue[0] && server.power.queue[0].at <= now) {
			const next = server.power.queue.shift()!;
			server.power.state = next.state;
			if (next.state === 'running') {
				server.startedAt = next.at;
				server.wings.consoleLog.push(
					'[Server thread/INFO]: Starting minecraft server version 1.21.4',
					'[Server thread/INFO]: Done (2.345s)! For help, type "help"',
				);
			}
			this.onPower(server);
		}
		return server;
	}

	/** What Wings does on a signal, spaced by the delay. */
	signal(server: FakeServer, signal: string): void {
		const at = this.now();
		const d = this.delayMs;
		const { state } = this.settle(server).power;
		const up = state === 'running' || state === 'starting';
		const plan: Record<string, PowerState[]> = {
			start: up ? [] : ['starting', 'running'],
			stop: up ? ['stopping', 'offline'] : [],
			restart: up ? ['stopping', 'starting', 'running'] : ['starting', 'running'],
			kill: ['offline'],
		};
		const steps = plan[signal] ?? [];
		if (steps.length === 0) return;
		server.power.queue = steps.map((s, i) => ({ at: at + i * d, state: s }));
		this.settle(server);
	}
}
