import type { User } from '@supabase/supabase-js';
import { isIP } from 'node:net';
import { z } from 'zod';
import { normalizePtr } from '../../lib/vps/ptr';
import { getDns, type DnsPort } from '../dns';
import { reverseChange, reverseName } from '../dns/records';
import { resolverFor, type ResolverPort } from '../dns/resolver';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { ownedVps, recordVpsAction, statusRefusal } from '../vps-panel/guard';
import { confirmForward } from './forward';
import { addressPtrs } from './rdns-queries';

// Setting the reverse DNS of an address a customer's VPS holds. The name is checked as a host name
// and forward-confirmed (it must resolve to the address) before the PTR is written; the DNS is
// written first and the database after, so what the page shows is what the DNS holds. An empty
// name removes the PTR (no reverse DNS is the default: we do not invent a name for the customer).

export type RdnsRefusal =
	| 'not_found'
	| 'suspended'
	| 'ended'
	| 'not_ready'
	| 'address_not_held'
	| 'ptr_invalid'
	| 'no_reverse_zone'
	| 'not_resolving'
	| 'resolves_elsewhere'
	| 'dns_unavailable';

export type RdnsResult =
	| { ok: true; address: string; ptr: string | null }
	| { ok: false; refusal: RdnsRefusal; found?: string[] };

const refuse = (refusal: RdnsRefusal, found?: string[]): RdnsResult => ({
	ok: false,
	refusal,
	...(found ? { found } : {}),
});

const same = (a: string, b: string) => isIP(a) !== 0 && reverseName(a) === reverseName(b);

export async function setReverseDns(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	input: { address: string; ptr: string },
	ports: { dns?: DnsPort; resolver?: ResolverPort } = {},
): Promise<RdnsResult> {
	// The shared Rules (src/server/vps-panel/guard.ts): owner only, running only.
	const vps = await ownedVps(admin, customer, serviceId);
	if (vps === 'not_found') return refuse('not_found');
	const refused = statusRefusal(vps.status);
	if (refused === 'suspended' || refused === 'ended' || refused === 'not_ready')
		return refuse(refused);
	const held = (await addressPtrs(admin, serviceId)).find((a) =>
		same(input.address.trim(), a.address),
	);
	if (!held) return refuse('address_not_held');
	const ptr = input.ptr.trim() === '' ? null : normalizePtr(input.ptr);
	if (ptr === null && input.ptr.trim() !== '') return refuse('ptr_invalid');
	const dns = ports.dns ?? getDns();
	const name = reverseName(held.address);
	if (!dns.reverseZones.some((zone) => name.endsWith(`.${zone}`))) return refuse('no_reverse_zone');
	try {
		if (ptr) {
			const check = await confirmForward(
				ports.resolver ?? resolverFor(dns, process.env),
				ptr,
				held.address,
			);
			if (!check.ok)
				return check.reason === 'resolves_elsewhere'
					? refuse(check.reason, check.found)
					: refuse(check.reason);
		}
		await dns.change(reverseChange(held.address, ptr));
	} catch (failure) {
		logger.warn('reverse DNS not set', { serviceId, address: held.address, error: failure });
		return refuse('dns_unavailable');
	}
	const { error: saveError } = await admin
		.from('vps_addresses')
		.update({ ptr, ptr_in_dns: ptr })
		.eq('service_id', serviceId)
		.eq('address', held.address);
	if (saveError) throw new Error(`vps_addresses: ${saveError.message}`);
	await recordVpsAction(admin, customer, serviceId, 'rdns_changed', { address: held.address, ptr });
	return { ok: true, address: held.address, ptr };
}

/**
 * Removes from DNS the PTRs of addresses given back (the release trigger cleared their name), then
 * forgets them; a DNS failure is logged and left owed for the next call (the billing run's sweep).
 */
export async function removeReleasedPtrs(
	admin: AdminClient,
	dns: DnsPort = getDns(),
): Promise<{ removed: number; failed: number }> {
	const { data, error } = await admin
		.from('vps_addresses')
		.select('id, address')
		.is('service_id', null)
		.not('ptr_in_dns', 'is', null)
		.limit(500);
	if (error) throw new Error(`vps_addresses: ${error.message}`);
	const rows = z.array(z.object({ id: z.number(), address: z.string() })).parse(data);
	let removed = 0;
	let failed = 0;
	for (const row of rows) {
		const address = row.address.replace(/\/\d+$/, '');
		try {
			await dns.change(reverseChange(address, null));
		} catch (failure) {
			failed++;
			logger.warn('released PTR not removed', { address, error: failure });
			continue;
		}
		// Only while still free: an address taken again meanwhile belongs to its new holder.
		const { error: saveError } = await admin
			.from('vps_addresses')
			.update({ ptr_in_dns: null })
			.eq('id', row.id)
			.is('service_id', null);
		if (saveError) throw new Error(`vps_addresses: ${saveError.message}`);
		removed++;
	}
	return { removed, failed };
}
