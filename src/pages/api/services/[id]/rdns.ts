import type { APIRoute } from 'astro';
import { z } from 'zod';
import { useTranslations } from '~/i18n';
import { json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { setReverseDns } from '~/server/reverse-dns/rdns';
import { rdnsRefusals } from '~/server/reverse-dns/rdns-refusals';

export const prerender = false;

const body = z.object({
	address: z.string().max(64),
	ptr: z.string().max(300),
	locale: z.string().optional(),
});

/**
 * POST /api/services/{id}/rdns { address, ptr }: sets (or, with an empty ptr, removes) the reverse
 * DNS name of an address the VPS holds → 200 { address, ptr }. A name that does not resolve to the
 * address is refused (422) with a message saying what it resolves to.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.vpsActionsPerAccount }, async (r) => {
		const result = await setReverseDns(r.admin, r.customer, context.params.id ?? '', r.body);
		if (result.ok) return json(200, { address: result.address, ptr: result.ptr });
		const { status, message } = rdnsRefusals[result.refusal];
		const text = useTranslations(r.locale)(message, {
			name: r.body.ptr.trim().toLowerCase().replace(/\.$/, ''),
			address: r.body.address.trim(),
			found: (result.found ?? []).join(', '),
		});
		return json(status, { error: { code: result.refusal, message: text } });
	});
