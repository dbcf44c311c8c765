import type { APIRoute } from 'astro';
import { isLocale, localizePath } from '~/i18n';
import { readPostedForm } from '~/server/http/form-body';
import { getPaymentGateway } from '~/server/payments';
import { deliverTestCardWebhook } from '~/server/payments/test-delivery';
import { loadTestSetup } from '~/server/payments/test-page';

export const prerender = false;

const seeOther = (location: string) =>
	new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/**
 * The TEST MODE card page's Save buttons (a same-origin form post, as on the payment page): sends
 * the signed 'card.saved' webhook a real gateway would, then returns the browser to the panel.
 * Cancel is a plain link to the session's cancel URL and never comes here.
 */
export const POST: APIRoute = async ({ request }) => {
	if (getPaymentGateway().name !== 'test') return new Response(null, { status: 404 });
	const posted = await readPostedForm(request);
	if (!posted.ok) return new Response(null, { status: posted.refused.status });
	const form = posted.form;
	const token = form.get('session');
	const card = form.get('card');
	const named = form.get('locale');
	const locale = isLocale(named) ? named : 'en';
	const session = typeof token === 'string' ? loadTestSetup(token) : null;
	if (!session || (card !== 'visa' && card !== 'declining'))
		return new Response('This test card link is not valid or has expired.', {
			status: 400,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		});

	if (!(await deliverTestCardWebhook(session, card))) {
		const page = localizePath('/checkout/test-gateway/card', locale);
		return seeOther(`${page}?session=${encodeURIComponent(token as string)}&error=delivery`);
	}
	return seeOther(session.successUrl);
};
