import { modpackPlanSchema, type ModpackPlan } from '../../lib/modpacks/plan';
import { logger } from '../log/logger';
import { ModpackRefusedError, ModpackUnavailableError } from '../modpacks/errors';
import type { ModpackSource } from '../modpacks/types';
import { modpackRefusalCodes, type SoftwareRefusal } from './refusals';

/**
 * The pack version as the panel will install it, resolved (and checked by the source: safe paths,
 * hashes, server files, one loader) before anything changes; else the refusal the customer reads.
 * The source being down or slow is `modpack_source_unavailable` (503): trying again later helps.
 */
export async function resolveModpack(
	source: ModpackSource,
	projectId: string,
	versionId: string,
): Promise<ModpackPlan | SoftwareRefusal> {
	try {
		const plan = modpackPlanSchema.parse(await source.resolve(projectId, versionId));
		// Another version than asked for would install what the customer did not choose.
		if (plan.projectId !== projectId || plan.versionId !== versionId) return 'modpack_not_found';
		return plan;
	} catch (error) {
		if (error instanceof ModpackRefusedError) return modpackRefusalCodes[error.reason];
		if (!(error instanceof ModpackUnavailableError))
			logger.error('modpack could not be resolved', { projectId, versionId, error });
		return 'modpack_source_unavailable';
	}
}
