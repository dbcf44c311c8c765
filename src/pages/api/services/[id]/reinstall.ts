import type { APIRoute } from 'astro';
import { z } from 'zod';
import { maxSshKeys } from '~/lib/vps/choice';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { signedInWithinHour } from '~/server/vps-panel/privileged';
import { vpsRefusals } from '~/server/vps-panel/refusals';
import { reinstallVps } from '~/server/vps-panel/reinstall';

export const prerender = false;

// Caps bound what is read; the checkout rules judge the content (too many keys get their message).
const body = z.object({
	image: z.string().max(40),
	sshKeys: z
		.array(z.string().max(16_384))
		.max(maxSshKeys * 5)
		.optional(),
	confirm: z.string().max(253),
	locale: z.string().optional(),
});

/** POST /api/services/{id}/reinstall: a fresh disk from `image`; a generated password shown once. */
export const POST: APIRoute = (context) =>
	customerRoute(
		context,
		{ body, limit: limits.vpsReinstallsPerAccount, maxBytes: 96_000 },
		async (r) => {
			const result = await reinstallVps(
				r.admin,
				r.customer,
				context.params.id ?? '',
				r.body,
				await signedInWithinHour(context),
			);
			if (typeof result !== 'string') return json(200, result, { 'Cache-Control': 'no-store' });
			const { status, message } = vpsRefusals[result];
			return apiError(status, result, message, r.locale);
		},
	);
