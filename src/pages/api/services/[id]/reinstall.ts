import type { APIRoute } from 'astro';
import { z } from 'zod';
import { sshKeysBody } from '~/lib/vps/choice-body';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { clientAddressOf } from '~/server/http/request-address';
import { accessTokenOf } from '~/server/vps-panel/door';
import { reinstallRefusalOf } from '~/server/vps-panel/reinstall-refusals';
import { reinstallVps } from '~/server/vps-panel/reinstall';

export const prerender = false;

// Keys are read as checkout reads them; checkout's rules judge the content.
const body = z.object({
	image: z.string().max(40),
	sshKeys: sshKeysBody.optional(),
	confirm: z.string().max(253),
	locale: z.string().optional(),
});

/** POST /api/services/{id}/reinstall: a fresh disk from `image`; a generated password shown once. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, maxBytes: 96_000 }, async (r) => {
		const caller = {
			customer: r.customer,
			accessToken: await accessTokenOf(context),
			address: clientAddressOf(context),
		};
		const result = await reinstallVps(r.admin, caller, context.params.id ?? '', r.body);
		if (typeof result !== 'string') return json(200, result, { 'Cache-Control': 'no-store' });
		const { status, message } = reinstallRefusalOf(result);
		return apiError(status, result, message, r.locale);
	});
