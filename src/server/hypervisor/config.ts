import { z } from 'zod';
import { HypervisorConfigError } from './errors.ts';
import { parseCapacityList } from '../config/capacity-list.ts';

// The hypervisor settings, checked once and all together, so an operator sees every missing or
// wrong variable in one message. The token secret is never echoed.

export interface ProxmoxConfig {
	kind: 'proxmox';
	/** `https://pve.example:8006`, without `/api2/json`. */
	url: string;
	/** `USER@REALM!TOKENID`. */
	tokenId: string;
	tokenSecret: string;
	/** The node certificate's SHA-256 fingerprint to pin, `AA:BB:...`, when set. */
	fingerprint?: string;
	/** A PEM file of the cluster CA to trust, when set. */
	caFile?: string;
	/** vCPUs sold per host thread (PROXMOX_CPU_OVERCOMMIT; proxmox-room.ts's default when unset). */
	cpuOvercommit?: number;
	/** Memory kept for the host itself (PROXMOX_MEMORY_RESERVE_GB; default in proxmox-room.ts). */
	memoryReserveGb?: number;
}

export interface SimulatedConfig {
	kind: 'simulated';
	/** Where the machines are kept between restarts; in memory only when absent. */
	file?: string;
	/** How long each step (cloning, starting, stopping) takes. */
	delayMs: number;
	/** HYPERVISOR_SIM_CAPACITY: the nodes it names (others: sim-capacity.ts). */
	capacity?: Record<string, { cores: number; memoryMb: number; diskGb: number }>;
}

export type HypervisorConfig = ProxmoxConfig | SimulatedConfig;

type Env = Record<string, string | undefined>;

const loopback = ['127.0.0.1', 'localhost', '[::1]'];

function readUrl(raw: string, problems: string[]): string {
	const url = raw.replace(/\/+$/, '').replace(/\/api2\/json$/, '');
	if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
		problems.push('PROXMOX_URL must be an http(s) URL');
	else if (new URL(url).protocol === 'http:' && !loopback.includes(new URL(url).hostname))
		problems.push('PROXMOX_URL must use https:// except on loopback');
	return url;
}

const NODE_NAME = /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

function readSimCapacity(env: Env): SimulatedConfig['capacity'] {
	const raw = env.HYPERVISOR_SIM_CAPACITY?.trim();
	if (!raw) return undefined;
	const fields = ['cores', 'memory GB', 'disk GB'];
	const read = parseCapacityList('HYPERVISOR_SIM_CAPACITY', raw, fields, (name) =>
		NODE_NAME.test(name),
	);
	if ('problem' in read) throw new HypervisorConfigError(read.problem);
	return Object.fromEntries(
		Object.entries(read.entries).map(([node, [cores = 0, memoryGb = 0, diskGb = 0]]) => [
			node,
			{ cores, memoryMb: memoryGb * 1024, diskGb },
		]),
	);
}

/** The hypervisor settings from the environment; throws HypervisorConfigError listing every problem. */
export function readHypervisorConfig(env: Env): HypervisorConfig {
	const problems: string[] = [];
	const rawUrl = env.PROXMOX_URL?.trim() ?? '';
	if (!rawUrl) {
		const delayRaw = env.HYPERVISOR_SIM_DELAY_MS?.trim() || '2000';
		const delay = z.coerce.number().int().min(0).max(600_000).safeParse(delayRaw);
		if (!delay.success)
			throw new HypervisorConfigError(
				`HYPERVISOR_SIM_DELAY_MS must be whole milliseconds from 0, not "${delayRaw}"`,
			);
		const file = env.HYPERVISOR_SIM_FILE?.trim();
		const capacity = readSimCapacity(env);
		return {
			kind: 'simulated',
			delayMs: delay.data,
			...(file ? { file } : {}),
			...(capacity ? { capacity } : {}),
		};
	}
	const url = readUrl(rawUrl, problems);
	const tokenId = env.PROXMOX_TOKEN_ID?.trim() ?? '';
	if (!tokenId) problems.push('PROXMOX_TOKEN_ID is required with PROXMOX_URL');
	else if (!/^[^@\s!]+@[^@\s!]+![A-Za-z][A-Za-z0-9._-]*$/.test(tokenId))
		problems.push('PROXMOX_TOKEN_ID must look like user@realm!tokenid');
	const tokenSecret = env.PROXMOX_TOKEN_SECRET?.trim() ?? '';
	if (!tokenSecret) problems.push('PROXMOX_TOKEN_SECRET is required with PROXMOX_URL');
	const fingerprint = env.PROXMOX_TLS_FINGERPRINT?.trim().toUpperCase();
	if (fingerprint && !/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/.test(fingerprint))
		problems.push(
			'PROXMOX_TLS_FINGERPRINT must be a SHA-256 fingerprint (32 hex pairs with colons)',
		);
	const caFile = env.PROXMOX_CA_FILE?.trim();
	const cpuOvercommit = readNumber(
		env,
		'PROXMOX_CPU_OVERCOMMIT',
		z.number().min(0.1).max(64),
		problems,
	);
	const memoryReserveGb = readNumber(
		env,
		'PROXMOX_MEMORY_RESERVE_GB',
		z.number().int().min(0).max(65_536),
		problems,
	);
	if (problems.length) throw new HypervisorConfigError(problems.join('; '));
	return {
		kind: 'proxmox',
		url,
		tokenId,
		tokenSecret,
		...(fingerprint ? { fingerprint } : {}),
		...(caFile ? { caFile } : {}),
		...(cpuOvercommit === undefined ? {} : { cpuOvercommit }),
		...(memoryReserveGb === undefined ? {} : { memoryReserveGb }),
	};
}

function readNumber(
	env: Env,
	name: 'PROXMOX_CPU_OVERCOMMIT' | 'PROXMOX_MEMORY_RESERVE_GB',
	schema: z.ZodNumber,
	problems: string[],
): number | undefined {
	const raw = env[name]?.trim();
	if (!raw) return undefined;
	const parsed = schema.safeParse(Number(raw));
	if (!parsed.success || !/^\d+(\.\d+)?$/.test(raw))
		problems.push(
			name === 'PROXMOX_CPU_OVERCOMMIT'
				? `PROXMOX_CPU_OVERCOMMIT must be vCPUs per host thread from 0.1 to 64 (e.g. 2), not "${raw}"`
				: `PROXMOX_MEMORY_RESERVE_GB must be whole GB from 0, not "${raw}"`,
		);
	return parsed.success ? parsed.data : undefined;
}
