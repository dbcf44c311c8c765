import type { APIRoute } from 'astro';
import { z } from 'zod';
import { discountCodePattern } from '~/lib/discount-check';
import { lookUpDiscountCode } from '~/server/discounts/lookup';
import { apiError, callerLocale, json, readJsonBody, tooManyRequests } from '~/server/http/api';
import { callerOf } from '~/server/http/caller';
import { clientAddressOf } from '~/server/http/request-address';

export const prerender = false;

const body = z.object({
	code: z.string().trim().regex(discountCodePattern),
	locale: z.string().optional(),
});

/**
 * POST { code } → 200 { code, percent } for a code redeemable now, else 404; misses limited per
 * client address and per signed-in customer, the same limits checkout counts against.
 */
export const POST: APIRoute = async (context) => {
	const read = await readJsonBody(context.request, body, callerLocale(context));
	if (!read.ok) return read.response;
	// The language the body names, as checkout takes it; else the page's.
	const locale = callerLocale(context, read.value.locale);
	const customer = await callerOf(context);
	const result = await lookUpDiscountCode(read.value.code, {
		address: clientAddressOf(context),
		accountId: customer?.id ?? null,
	});
	switch (result.kind) {
		case 'found':
			return json(200, { code: result.code, percent: result.percent });
		case 'unknown':
			return apiError(404, 'unknown_code', 'cart.notice.discountUnknown', locale);
		case 'limited':
			return tooManyRequests(result.verdict, locale);
		case 'unavailable':
			return apiError(503, 'unavailable', 'cart.notice.discountUnavailable', locale);
	}
};
