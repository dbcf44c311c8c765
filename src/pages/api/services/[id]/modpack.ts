import type { APIRoute } from 'astro';
import { z } from 'zod';
import { customerRoute } from '~/server/http/customer-route';
import { installModpack, removeModpack } from '~/server/minecraft-software/actions';
import { softwareDoor } from '~/server/minecraft-software/door';
import { softwareAnswer } from '~/server/minecraft-software/refusals';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

/** Modrinth's project and version ids: 8 characters of base62. */
const modrinthId = z.string().regex(/^[0-9A-Za-z]{8}$/);

const body = z.object({
	projectId: modrinthId,
	versionId: modrinthId,
	freshWorld: z.boolean().optional(),
	locale: z.string().optional(),
});

/**
 * POST /api/services/{id}/modpack `{ projectId, versionId, freshWorld? }` → 202 `{ install }`: the
 * pack's version installed after a backup (a newer version of the installed pack updates it).
 * 402 `modpack_extra_required` with `upgradeUrl`; 422 `modpack_needs_ram` with
 * `recommendedRamGb`, `ramGb`, `upgradeUrl`; the source's refusals; 409 `install_running`.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.serverActionsPerAccount }, async (r) => {
		const input = { ...r.body, freshWorld: r.body.freshWorld ?? false };
		const caller = { admin: r.admin, customer: r.customer, locale: r.locale };
		return softwareAnswer(await installModpack(caller, context.params.id ?? '', input), r.locale);
	});

/** DELETE /api/services/{id}/modpack → 202 `{ install }`: back to plain software, worlds kept. */
export const DELETE: APIRoute = (context) =>
	softwareDoor(context, async (caller) =>
		softwareAnswer(await removeModpack(caller, context.params.id ?? ''), caller.locale),
	);
