import type { APIRoute } from 'astro';
import { isLocale, localizePath } from '~/i18n';
import { readPostedForm } from '~/server/http/form-body';
import { getPaymentGateway } from '~/server/payments';
import { readTestSession } from '~/server/payments/test-gateway';
import { loadTestCheckout } from '~/server/payments/test-page';
import { deliverTestWebhook } from '~/server/payments/test-delivery';

export const prerender = false;

const seeOther = (location: string) =>
	new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/**
 * The TEST MODE page's Pay and Decline (a same-origin form post; Astro refuses cross-site ones).
 * Sends the signed webhook a real gateway would, then takes the browser where that gateway would:
 * the session's success URL after Pay, its cancel URL after Decline.
 */
export const POST: APIRoute = async ({ request }) => {
	if (getPaymentGateway().name !== 'test') return new Response(null, { status: 404 });
	const posted = await readPostedForm(request);
	if (!posted.ok) return new Response(null, { status: posted.refused.status });
	const form = posted.form;
	const token = form.get('session');
	const action = form.get('action');
	const named = form.get('locale');
	const locale = isLocale(named) ? named : 'en';
	const session = typeof token === 'string' && token.length < 8192 ? readTestSession(token) : null;
	if (!session || (action !== 'pay' && action !== 'decline'))
		return new Response('This test payment link is not valid or has expired.', {
			status: 400,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		});

	const page = `${localizePath(
		`/checkout/test-gateway/${encodeURIComponent(session.invoiceId)}`,
		locale,
	)}?session=${encodeURIComponent(token as string)}`;
	// Only an invoice still open takes a payment: for a paid, cancelled or refunded one (a link kept
	// open in another tab) the page says why, and nothing is sent.
	if ((await loadTestCheckout(session.invoiceId, token as string, locale)).view !== 'ready')
		return seeOther(page);
	const delivered = await deliverTestWebhook(session, action);
	if (!delivered) return seeOther(`${page}&error=delivery`);
	const next = action === 'pay' ? session.successUrl : session.cancelUrl;
	// As Stripe does for its sessions, so a success page can look the session up.
	return seeOther(next.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(token as string)));
};
