import type { APIRoute } from 'astro';
import { z } from 'zod';
import { customerRoute } from '~/server/http/customer-route';
import { changeSoftware } from '~/server/minecraft-software/actions';
import { softwareAnswer } from '~/server/minecraft-software/refusals';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({
	software: z.string().max(32),
	minecraftVersion: z.string().max(32),
	freshWorld: z.boolean().optional(),
	locale: z.string().optional(),
});

/**
 * PUT /api/services/{id}/software `{ software, minecraftVersion, freshWorld? }` → 202 `{ install }`:
 * a Minecraft server's plain software at a version the catalogue offers (`GET
 * /api/minecraft/software`), after a backup; a pack installed is replaced. 400 `software_unknown`.
 */
export const PUT: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.serverActionsPerAccount }, async (r) => {
		const input = { ...r.body, freshWorld: r.body.freshWorld ?? false };
		const caller = { admin: r.admin, customer: r.customer, locale: r.locale };
		return softwareAnswer(await changeSoftware(caller, context.params.id ?? '', input), r.locale);
	});
