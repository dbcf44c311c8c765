import { z } from 'zod';
import { vpsImageIdSchema } from '../../lib/vps/images';
import type { IpConfig, MachineRef } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';

// A VPS service's machine as our database knows it: where it is (node and VMID, allocated with
// the order), what it was ordered with, and the addresses it holds from the pool. Provisioning,
// billing and the panel read it here, parsed, never cast.

const machineRow = z.object({
	service_id: z.string(),
	node: z.string(),
	vmid: z.number().int(),
	image: vpsImageIdSchema,
	hostname: z.string(),
	ssh_keys: z.array(z.string()),
	cores: z.number().int(),
});

const addressRow = z.object({
	family: z.union([z.literal(4), z.literal(6)]),
	// PostgREST gives inet as text: `203.0.113.10` (a /32 host address prints without its mask).
	address: z.string().transform((text) => text.replace(/\/\d+$/, '')),
	prefix: z.number().int(),
	gateway: z.string().transform((text) => text.replace(/\/\d+$/, '')),
});

export interface VpsMachine {
	serviceId: string;
	ref: MachineRef;
	image: z.infer<typeof vpsImageIdSchema>;
	hostname: string;
	sshKeys: string[];
	cores: number;
	ip: IpConfig;
}

/** The service's machine and its addresses; null when the service is not a VPS placed by us. */
export async function loadMachine(
	admin: AdminClient,
	serviceId: string,
): Promise<VpsMachine | null> {
	const { data, error } = await admin
		.from('vps_machines')
		.select('service_id, node, vmid, image, hostname, ssh_keys, cores')
		.eq('service_id', serviceId)
		.maybeSingle();
	if (error) throw new Error(`vps_machines: ${error.message}`);
	if (!data) return null;
	const row = machineRow.parse(data);
	const { data: held, error: heldError } = await admin
		.from('vps_addresses')
		.select('family, address, prefix, gateway')
		.eq('service_id', serviceId);
	if (heldError) throw new Error(`vps_addresses: ${heldError.message}`);
	const ip: IpConfig = {};
	for (const raw of held ?? []) {
		const { family, ...address } = addressRow.parse(raw);
		ip[family === 4 ? 'ipv4' : 'ipv6'] = address;
	}
	return {
		serviceId: row.service_id,
		ref: { node: row.node, vmid: row.vmid },
		image: row.image,
		hostname: row.hostname,
		sshKeys: row.ssh_keys,
		cores: row.cores,
		ip,
	};
}
