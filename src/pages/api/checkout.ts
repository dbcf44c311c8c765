import type { APIRoute } from 'astro';
import { checkout } from '~/server/checkout/checkout';
import { checkoutBody, toCheckoutInput } from '~/server/checkout/request';
import { apiError, callerLocale, json, readJsonBody, tooManyRequests } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { bodyField } from '~/server/http/body';
import { callerOf } from '~/server/http/caller';
import { clientAddressOf } from '~/server/http/request-address';
import { limits } from '~/server/rate-limit/limits';
import { useTranslations } from '~/i18n';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

/** POST /api/checkout: the contract in docs/checkout.md. Every amount is the server's own. */
export const POST: APIRoute = async (context) => {
	let locale = callerLocale(context);
	const namedLocale = (raw: unknown) => callerLocale(context, bodyField(raw, 'locale'));
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const verdict = await limits.checkoutsPerAccount.hit(customer.id);
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const read = await readJsonBody(
		context.request,
		checkoutBody,
		locale,
		16 * 1024,
		(issues, raw) =>
			issues.some((issue) => issue.path[0] === 'billing')
				? apiError(422, 'invalid_billing', 'checkout.error.invalid_billing', namedLocale(raw))
				: apiError(400, 'invalid_body', 'api.error.badRequest', namedLocale(raw)),
	);
	if (!read.ok) return read.response;
	locale = callerLocale(context, read.value.locale);
	const input = toCheckoutInput(read.value);
	if (typeof input === 'string') return apiError(422, input, `checkout.error.${input}`, locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	const result = await checkout(admin, customer, input, {
		origin: siteOrigin(),
		locale,
		clientAddress: clientAddressOf(context),
	});
	if (result.ok) return json(result.status, result.body);
	if ('verdict' in result) return tooManyRequests(result.verdict, locale);
	// location_full names the locations that have room for the same plan now.
	if ('available' in result) {
		const message = useTranslations(locale)(result.message);
		return json(result.status, {
			error: { code: result.code, message, available: result.available },
		});
	}
	return apiError(result.status, result.code, result.message, locale);
};
