import { z } from 'zod';
import { findSoftware } from '../../lib/minecraft-software/catalogue';
import type { SoftwareInstall } from '../../lib/modpacks/plan';
import type { AdminClient } from '../supabase/admin-client';
import { installSchema } from './change';

/**
 * What the server ran before a change: the install of its last change that worked (a pack with its
 * plan, or plain software), else, never changed here, Vanilla at the catalogue's default version
 * (a restore brings the files back over it either way; this only needs to install).
 */
export async function installedBefore(
	admin: AdminClient,
	serviceId: string,
): Promise<SoftwareInstall> {
	const { data, error } = await admin
		.from('software_installs')
		.select('install')
		.eq('service_id', serviceId)
		.eq('status', 'installed')
		.order('finished_at', { ascending: false })
		.limit(1)
		.maybeSingle();
	if (error) throw new Error(`software changes of ${serviceId}: ${error.message}`);
	if (data) return z.object({ install: installSchema }).parse(data).install;
	return {
		kind: 'software',
		software: 'vanilla',
		minecraftVersion: findSoftware('vanilla')?.defaultVersion ?? 'latest',
	};
}
