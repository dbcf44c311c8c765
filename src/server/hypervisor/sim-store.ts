import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { HypervisorConfigError } from './errors';
import { errorText } from '../log/error-text';

// The simulated hypervisor's machines, in memory and, when HYPERVISOR_SIM_FILE is set, in that JSON
// file, so a restarted dev server still knows what it made and the site and the operator's commands
// share it: the simulation reads the file on every call (simulated.ts).

const stepSchema = z.object({
	at: z.number(),
	state: z.enum(['cloning', 'stopped', 'starting', 'running', 'stopping']),
});

const addressSchema = z.object({ address: z.string(), prefix: z.number(), gateway: z.string() });

const machineSchema = z.object({
	vmid: z.number().int(),
	node: z.string(),
	template: z.number().int(),
	hostname: z.string(),
	/** Ours first (`svc-<service id>`), as on Proxmox. */
	tags: z.array(z.string()),
	cores: z.number().int(),
	memoryMb: z.number().int(),
	diskGb: z.number().int(),
	/** The login user only: keys and hashes are not kept, as Proxmox shows none back. */
	user: z.string(),
	ip: z.object({ ipv4: addressSchema.optional(), ipv6: addressSchema.optional() }),
	suspended: z.boolean(),
	/**
	 * When its disk was last cloned (made, or reinstalled), ms: it has no usage from before. Absent
	 * in files written before it was kept; the timeline's first step stands in.
	 */
	clonedAt: z.number().optional(),
	/** Planned states by time; the machine is in the last one whose time has come. */
	timeline: z.array(stepSchema).min(1),
});

const dataSchema = z.object({ machines: z.array(machineSchema) });

export type SimMachine = z.infer<typeof machineSchema>;
export type SimStep = z.infer<typeof stepSchema>;
export type SimData = z.infer<typeof dataSchema>;

export function loadMachines(file: string | undefined): SimData {
	if (!file || !existsSync(file)) return { machines: [] };
	let parsed;
	try {
		parsed = dataSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
	} catch (error) {
		throw new HypervisorConfigError(`HYPERVISOR_SIM_FILE ${file}: ${errorText(error)}`);
	}
	// Refused rather than started empty: quietly forgetting machines would hide the problem.
	if (!parsed.success)
		throw new HypervisorConfigError(
			`HYPERVISOR_SIM_FILE ${file} is not a simulated hypervisor's state`,
		);
	return parsed.data;
}

export function saveMachines(file: string | undefined, data: SimData): void {
	if (!file) return;
	mkdirSync(dirname(file), { recursive: true });
	// Written beside and renamed, so a crash mid-write leaves the previous state, not half a file.
	const partial = `${file}.${process.pid}.tmp`;
	writeFileSync(partial, JSON.stringify(data, null, '\t'));
	renameSync(partial, file);
}
