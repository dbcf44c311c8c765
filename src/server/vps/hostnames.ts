import type { ServiceRef } from '../../lib/panel/types';
import type { CustomerClient } from '../supabase/customer-client';

// A VPS is called by its machine's hostname everywhere (the customer chose it at the order, and
// it never changes): `vps_machines`, one row per VPS. Reads whose rows come from a view or a
// database function (invoices, the dashboard, tickets) name their VPS here in one read more;
// a read of `services` itself embeds `vps_machines(hostname)` instead (serviceRef).

type Named = Pick<ServiceRef, 'id' | 'type'> | null;

/**
 * The namer for the services `refs` mention: it gives each VPS its hostname, and everything else
 * back as it was. Reads the hostnames once, and not at all when none of them is a VPS; a VPS the
 * client may not read (someone else's) keeps no hostname.
 */
export async function vpsNamer(
	// The service role's client and a customer's are the same type: who reads decides what is seen.
	client: CustomerClient,
	refs: readonly Named[],
): Promise<<T extends ServiceRef | null>(ref: T) => T> {
	const ids = [...new Set(refs.flatMap((ref) => (ref?.type === 'vps' ? [ref.id] : [])))];
	if (ids.length === 0) return (ref) => ref;
	const { data, error } = await client
		.from('vps_machines')
		.select('service_id, hostname')
		.in('service_id', ids);
	if (error) throw new Error(`vps_machines: ${error.message}`);
	const names = new Map(data.map((row) => [row.service_id, row.hostname]));
	return (ref) =>
		ref?.type === 'vps' && names.has(ref.id) ? { ...ref, hostname: names.get(ref.id)! } : ref;
}
