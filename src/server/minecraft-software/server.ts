import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import type { ServerSoftware } from '../../lib/panel/types';
import type { ServerRef } from '../game-panel';
import { ownedOnPanel } from '../servers/owned';
import type { AdminClient } from '../supabase/admin-client';
import type { SoftwareRefusal } from './refusals';
import { runsOf, softwareColumns } from './views';

// The door of every software change: the servers' door (theirs, active, on the panel: else that
// refusal), then a Minecraft server (else `not_minecraft`), with what a change needs to know.

export interface MinecraftServer extends Pick<ServerSoftware, 'software' | 'modpack'> {
	id: string;
	userId: string;
	ref: ServerRef;
	planId: string;
	ramGb: number;
	modpackExtra: boolean;
}

const facts = z.object({
	user_id: z.string(),
	game: z.string().nullable(),
	plan_id: z.string(),
	ram_gb: z.number(),
	modpack_installation: z.boolean(),
});

export async function minecraftServer(
	admin: AdminClient,
	customer: User,
	serviceId: string,
): Promise<MinecraftServer | SoftwareRefusal> {
	const owned = await ownedOnPanel(admin, customer, serviceId);
	if (typeof owned === 'string') return owned;
	const [service, runs] = await Promise.all([
		admin
			.from('services')
			.select('user_id, game, plan_id, ram_gb, modpack_installation')
			.eq('id', serviceId)
			.single(),
		admin.from('server_software').select(softwareColumns).eq('service_id', serviceId).maybeSingle(),
	]);
	if (service.error) throw new Error(`service ${serviceId}: ${service.error.message}`);
	if (runs.error) throw new Error(`software of ${serviceId}: ${runs.error.message}`);
	const row = facts.parse(service.data);
	if (row.game !== 'minecraft') return 'not_minecraft';
	return {
		id: serviceId,
		userId: row.user_id,
		ref: owned.ref,
		planId: row.plan_id,
		ramGb: row.ram_gb,
		modpackExtra: row.modpack_installation,
		...runsOf(runs.data),
	};
}

/** Whether a change is running on the server now (the database refuses a second one anyway). */
export async function changeRunning(admin: AdminClient, serviceId: string): Promise<boolean> {
	const { count, error } = await admin
		.from('software_installs')
		.select('id', { count: 'exact', head: true })
		.eq('service_id', serviceId)
		.eq('status', 'installing');
	if (error) throw new Error(`software changes of ${serviceId}: ${error.message}`);
	return (count ?? 0) > 0;
}
