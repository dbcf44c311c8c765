import { z } from 'zod';
import type { Locale } from '../../i18n';
import type { ServerSoftware } from '../../lib/panel/types';
import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';
import type { CustomerClient } from '../supabase/customer-client';
import {
	changeColumns,
	changeRowSchema,
	installView,
	runsOf,
	softwareColumns,
	type ChangeRow,
} from './views';

// A Minecraft server's software as the panel and staff read it: the customer's through their own
// client (row-level security applies), staff's with the service role. Other games have none.

const serviceFacts = z.object({ game: z.string().nullable(), modpack_installation: z.boolean() });

const none: ServerSoftware = { software: null, modpack: null, install: null, modpackExtra: false };

/** What runs on the server, its latest change and whether the extra is bought; null: not readable. */
async function readSoftware(
	// The customer's client or the service role's: the same client, row-level security or not.
	client: CustomerClient,
	serviceId: string,
	history: number,
): Promise<{ state: Omit<ServerSoftware, 'install'>; changes: ChangeRow[] } | null> {
	if (!isUuid(serviceId)) return null;
	const [service, runs, changes] = await Promise.all([
		client.from('services').select('game, modpack_installation').eq('id', serviceId).maybeSingle(),
		client
			.from('server_software')
			.select(softwareColumns)
			.eq('service_id', serviceId)
			.maybeSingle(),
		client
			.from('software_installs')
			.select(changeColumns)
			.eq('service_id', serviceId)
			.order('started_at', { ascending: false })
			.limit(history),
	]);
	for (const read of [service, runs, changes])
		if (read.error) throw new Error(`software of ${serviceId}: ${read.error.message}`);
	if (!service.data) return null;
	const facts = serviceFacts.parse(service.data);
	if (facts.game !== 'minecraft') return { state: none, changes: [] };
	return {
		state: { ...runsOf(runs.data), modpackExtra: facts.modpack_installation },
		changes: z.array(changeRowSchema).parse(changes.data),
	};
}

/** For `GET /api/panel/servers/{id}`: the customer's own server only (else the plain "none"). */
export async function serverSoftware(
	client: CustomerClient,
	serviceId: string,
	locale: Locale,
): Promise<ServerSoftware> {
	const read = await readSoftware(client, serviceId, 1);
	if (!read) return none;
	const latest = read.changes[0];
	return { ...read.state, install: latest ? installView(latest, locale) : null };
}

export interface StaffServerSoftware extends Omit<ServerSoftware, 'install'> {
	/** Newest first, as recorded: the step a failed one reached and its backup included. */
	changes: ChangeRow[];
}

/** For the staff console's server page: what runs and its last 20 changes; null for other games. */
export async function staffServerSoftware(
	admin: AdminClient,
	serviceId: string,
): Promise<StaffServerSoftware | null> {
	const read = await readSoftware(admin, serviceId, 20);
	if (!read || read.state === none) return null;
	return { ...read.state, changes: read.changes };
}

/** One change as the panel shows it (the answer to the request that began it). */
export async function changeView(admin: AdminClient, changeId: string, locale: Locale) {
	const { data, error } = await admin
		.from('software_installs')
		.select(changeColumns)
		.eq('id', changeId)
		.single();
	if (error) throw new Error(`software change ${changeId}: ${error.message}`);
	return installView(changeRowSchema.parse(data), locale);
}
