import type { VpsPowerAction } from '../../lib/domain/power';
import type { MetricPoint, MetricsTimeframe } from '../../lib/vps/metrics';

// The hypervisor port: what provisioning needs from whatever runs customers' VPS machines.
// Proxmox VE (proxmox.ts) or the embedded simulation (simulated.ts); index.ts picks one.

export type MachineState =
	'cloning' | 'stopped' | 'starting' | 'running' | 'stopping' | 'suspended';

/** `shutdown` asks the guest (ACPI); `stop` pulls the plug; `reset` presses the reset button. */
export type PowerAction = VpsPowerAction;

/**
 * How the customer logs in: SSH public keys, or a crypt(3) password hash. Only a Windows image
 * (its template in src/lib/vps/images.ts) takes the plaintext `password`: cloudbase-init reads
 * the config drive's password as it is and cannot use a hash, so Proxmox passes it on unhashed.
 */
export type Access =
	| { user: string; sshKeys: readonly string[] }
	| { user: string; passwordHash: string }
	| { user: string; password: string };

export interface IpConfig {
	/** `203.0.113.10/24` with its gateway; absent for no IPv4. */
	ipv4?: { address: string; prefix: number; gateway: string };
	ipv6?: { address: string; prefix: number; gateway: string };
}

export interface MachineSpec {
	/** Our service id: written into the machine's tags, so a retry finds the machine it made. */
	serviceId: string;
	/** Allocated in our database with the order (never asked of the hypervisor). */
	vmid: number;
	node: string;
	/** VMID of the image's cloud-init template on `node`. */
	template: number;
	hostname: string;
	cores: number;
	memoryMb: number;
	diskGb: number;
	access: Access;
	ip: IpConfig;
	/** Extra tags besides ours (`[a-z0-9_][a-z0-9_+.-]*`). */
	tags?: readonly string[];
}

export interface MachineRef {
	node: string;
	vmid: number;
}

export interface Resources {
	cores: number;
	memoryMb: number;
	diskGb: number;
}

export interface MachineStatus extends MachineRef {
	state: MachineState;
	/** The hypervisor's lock on the machine (clone, create, ...), when one is held. */
	lock?: string;
	/** Seconds since the machine last started, while it runs. */
	uptimeSeconds?: number;
}

export type { MetricPoint, MetricsTimeframe } from '../../lib/vps/metrics';

/**
 * A one-time console, valid for seconds: the site's relay opens `socket` at once (never the
 * customer's browser, which must not see the ticket or reach the hypervisor) and answers the RFB
 * VNC authentication with `password`.
 */
export interface ConsoleTicket {
	host: string;
	port: number;
	ticket: string;
	password: string;
	socket: ConsoleSocket;
}

/** Where and how to open the console's WebSocket: the adapter's own credentials and TLS checks. */
export interface ConsoleSocket {
	url: string;
	headers: Record<string, string>;
	/** The cluster CA, when configured, else the system's. */
	ca?: Buffer;
	/** A pinned SHA-256 certificate fingerprint (`AA:BB:...`) replacing the chain check. */
	fingerprint?: string;
}

/** When a new password takes effect: at once through the guest agent, or when the machine boots. */
export type PasswordApplied = 'now' | 'next_boot';

export interface Hypervisor {
	kind: 'proxmox' | 'simulated';
	/** Clones, configures, grows the disk, starts; returns the machine already made for the service. */
	createMachine(spec: MachineSpec): Promise<MachineRef>;
	machineState(ref: MachineRef): Promise<MachineStatus>;
	/**
	 * What `node` can still take: the cores, memory and disk a new machine may claim there now
	 * (the operator's over-commit rules applied). A node that is offline or unknown has none.
	 * Addresses are not the hypervisor's: they are the node's `vps_addresses` in our database.
	 */
	room(node: string): Promise<Resources>;
	/** Resolves when the hypervisor's task ended; the state may still be moving. */
	power(ref: MachineRef, action: PowerAction): Promise<void>;
	/**
	 * A fresh disk from the image's template (its VMID), same VMID, hostname, size, addresses and
	 * tags, new access; the machine ends up running.
	 */
	reinstall(ref: MachineRef, template: number, access: Access): Promise<void>;
	/**
	 * A new password for `user` (root, or Administrator on Windows): at once through the guest agent
	 * when the machine runs and the agent answers, else by cloud-init at the next boot.
	 */
	setPassword(ref: MachineRef, user: string, password: string): Promise<PasswordApplied>;
	/** Disk only grows: a smaller `diskGb` is a validation error. */
	resize(ref: MachineRef, resources: Resources): Promise<void>;
	/** Billing suspension: stopped and kept stopped; the customer cannot start it. */
	suspend(ref: MachineRef): Promise<void>;
	unsuspend(ref: MachineRef): Promise<void>;
	/** Stops and deletes; a machine already gone is fine. */
	destroy(ref: MachineRef): Promise<void>;
	console(ref: MachineRef): Promise<ConsoleTicket>;
	/**
	 * Usage over the last hour or day, oldest point first; no point from before the machine
	 * existed, so a new machine's series is as short as its life.
	 */
	metrics(ref: MachineRef, timeframe: MetricsTimeframe): Promise<MetricPoint[]>;
	probe(): Promise<void>;
}
