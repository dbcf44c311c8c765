import { randomUUID } from 'node:crypto';
import { seedAllocations, seedEggs, seedUsers } from './seed';

export { NODE } from './seed';

// What the fake panel remembers: users, eggs, allocations (seed.ts), servers with their install
// status, the node's process state (moved on when read, as the real panel's reads would show) and
// their schedules, which are stored only: the fake never runs them.

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
	/** The node's process: a state now and the states queued after it, each with its start time. */
	power: { state: PowerState; queue: { at: number; state: PowerState }[] };
	startedAt: number;
	schedules: FakeSchedule[];
}

export class FakePanelState {
	users = seedUsers();
	eggs = seedEggs();
	allocations = seedAllocations();
	servers: FakeServer[] = [];
	nextId = 10;

	constructor(
		public delayMs = 0,
		public now: () => number = () => Date.now(),
	) {}

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
		if (server.status === 'installing' && now >= server.installedAt) server.status = null;
		while (server.power.queue[0] && server.power.queue[0].at <= now) {
			const next = server.power.queue.shift()!;
			server.power.state = next.state;
			if (next.state === 'running') server.startedAt = next.at;
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
