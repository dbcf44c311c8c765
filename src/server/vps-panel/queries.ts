import { hasEnded } from '../../lib/domain/service-status';
import type { User } from '@supabase/supabase-js';
import { findVpsImage } from '../../lib/vps/images';
import { locationIdSchema, type LocationId } from '../../lib/domain/location';
import type { VpsShownState } from '../../lib/vps/power';
import { getHypervisor, type MetricPoint, type MetricsTimeframe } from '../hypervisor';
import { logger } from '../log/logger';
import { nameOf } from '../subdomains/subdomain';
import type { AdminClient } from '../supabase/admin-client';
import { ownedVps, type OwnedVps } from './guard';

// What a VPS's page reads: its facts from our database, its state and uptime from the
// hypervisor, its graphs' series. Owner only: another customer's id reads as null ("not found").

export interface VpsLive {
	state: VpsShownState;
	uptimeSeconds: number | null;
}

export interface VpsFacts extends VpsLive {
	serviceId: string;
	status: string;
	image: string;
	hostname: string;
	ipv4: string | null;
	ipv6: string | null;
	cores: number;
	memoryGb: number;
	diskGb: number;
	/** Where it runs (content/catalogue/locations.json), chosen when it was ordered. */
	location: LocationId;
	/** Suspended by our team: the reason they gave, which the customer reads; null otherwise. */
	staffSuspension: string | null;
	/**
	 * The subdomain extra: its label, its name (`label.<zone>`) once its A and AAAA records are
	 * published, and their state; null when the VPS was not bought with it.
	 */
	subdomain: { label: string | null; name: string | null; dns: string | null } | null;
}

/** The machine's state as the page shows it; the service's status speaks first. */
export async function liveOf(vps: OwnedVps): Promise<VpsLive> {
	if (vps.status === 'suspended') return { state: 'suspended', uptimeSeconds: null };
	if (hasEnded(vps.status)) return { state: 'ended', uptimeSeconds: null };
	if (vps.status !== 'active') return { state: 'installing', uptimeSeconds: null };
	try {
		const status = await getHypervisor().machineState(vps.machine.ref);
		const state = status.state === 'cloning' ? 'installing' : status.state;
		return { state, uptimeSeconds: status.uptimeSeconds ?? null };
	} catch (error) {
		logger.warn('machine state unavailable', { serviceId: vps.serviceId, error });
		return { state: 'unknown', uptimeSeconds: null };
	}
}

/**
 * Where the service runs, the reason staff gave when they (not billing) suspended it (null
 * otherwise), and its subdomain extra.
 */
async function serviceFacts(
	admin: AdminClient,
	serviceId: string,
): Promise<Pick<VpsFacts, 'staffSuspension' | 'subdomain' | 'location'>> {
	const { data, error } = await admin
		.from('services')
		.select(
			'status, suspended_by, suspension_reason, subdomain_extra, subdomain, subdomain_dns, location',
		)
		.eq('id', serviceId)
		.maybeSingle();
	if (error) throw new Error(`services ${serviceId}: ${error.message}`);
	return {
		location: locationIdSchema.parse(data?.location),
		staffSuspension:
			data?.status === 'suspended' && data.suspended_by === 'staff' ? data.suspension_reason : null,
		subdomain: data?.subdomain_extra
			? { label: data.subdomain, name: nameOf(data), dns: data.subdomain_dns }
			: null,
	};
}

export async function vpsFacts(
	admin: AdminClient,
	customer: User,
	serviceId: string,
): Promise<VpsFacts | null> {
	const vps = await ownedVps(admin, customer, serviceId);
	if (vps === 'not_found') return null;
	const { machine } = vps;
	return {
		serviceId,
		status: vps.status,
		image: findVpsImage(machine.image)?.name ?? machine.image,
		hostname: machine.hostname,
		ipv4: machine.ip.ipv4?.address ?? null,
		ipv6: machine.ip.ipv6?.address ?? null,
		cores: machine.cores,
		memoryGb: vps.memoryGb,
		diskGb: vps.diskGb,
		...(await serviceFacts(admin, serviceId)),
		...(await liveOf(vps)),
	};
}

export async function vpsLive(
	admin: AdminClient,
	customer: User,
	serviceId: string,
): Promise<VpsLive | null> {
	const vps = await ownedVps(admin, customer, serviceId);
	return vps === 'not_found' ? null : liveOf(vps);
}

/** The graphs' series; empty while the machine has none (being set up, ended, hypervisor down). */
export async function vpsMetrics(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	timeframe: MetricsTimeframe,
): Promise<MetricPoint[] | null> {
	const vps = await ownedVps(admin, customer, serviceId);
	if (vps === 'not_found') return null;
	if (vps.status !== 'active' && vps.status !== 'suspended') return [];
	try {
		return await getHypervisor().metrics(vps.machine.ref, timeframe);
	} catch (error) {
		logger.warn('machine metrics unavailable', { serviceId, error });
		return [];
	}
}
