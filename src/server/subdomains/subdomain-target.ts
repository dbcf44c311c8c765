import { machineSubdomainChange, parseAddress, subdomainChange } from '../dns/records';
import type { RecordChange } from '../dns/types';
import type { AdminClient } from '../supabase/admin-client';
import { loadMachine } from '../vps/machine';

// Where a service's own name points: a game server's address on the panel (with Minecraft's SRV
// record), or a VPS's machine, whose name holds an A record for its IPv4 address and an AAAA
// record for its IPv6 one. The same extra, one delivery (subdomain.ts), two kinds of target.

export interface Targeted {
	id: string;
	product_type: string;
	game: string | null;
	panel_address: string | null;
}

/** The records `label.<zone>` should hold for the service now; null while it has no address. */
export async function recordsFor(
	admin: AdminClient,
	service: Targeted,
	label: string,
	zone: string,
): Promise<RecordChange | null> {
	if (service.product_type === 'vps') {
		const machine = await loadMachine(admin, service.id);
		const ipv4 = machine?.ip.ipv4?.address;
		if (!ipv4) return null;
		return machineSubdomainChange(label, zone, { ipv4, ipv6: machine.ip.ipv6?.address ?? null });
	}
	const target = parseAddress(service.panel_address);
	return target ? subdomainChange(label, zone, target, service.game) : null;
}
