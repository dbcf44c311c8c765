import { expect, test } from './test';
import { customerAddress, demo } from './backend';

// The customer's billing actions on a server through the running site: signed in or 401, their
// own server or 404, and the rules' refusals in the caller's language. (The flows themselves are
// followed in tests/integration/billing.)

const palIsland = 'c0ffee00-0000-4000-8000-000000000101'; // the demo's, with an unpaid renewal
const othersServer = 'c0ffee00-0000-4000-8000-000000000201';
const bigger = { ram: 12, storageGb: 25, extras: [] };

test('upgrades and early renewals answer only the signed-in owner, with translated refusals', async ({
	playwright,
	baseURL,
}) => {
	const anonymous = await playwright.request.newContext({ baseURL });
	const refused = await anonymous.post(`/api/services/${palIsland}/upgrade/quote`, {
		data: bigger,
	});
	expect(refused.status()).toBe(401);

	const context = await playwright.request.newContext({
		baseURL,
		extraHTTPHeaders: { 'X-Forwarded-For': customerAddress() },
	});
	const signIn = await context.post('/login', {
		form: { email: demo.email, password: demo.password },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	});
	expect(signIn.status()).toBe(303);

	const foreign = await context.post(`/api/services/${othersServer}/upgrade/quote`, {
		data: bigger,
	});
	expect(foreign.status()).toBe(404);
	const unknown = await context.post('/api/services/not-a-server/renew', {
		data: { method: 'card' },
	});
	expect(unknown.status()).toBe(404);

	const unpaid = await context.post(`/api/services/${palIsland}/upgrade`, {
		data: { ...bigger, method: 'card', locale: 'de' },
	});
	expect(unpaid.status()).toBe(409);
	expect((await unpaid.json()).error).toEqual({
		code: 'unpaid_invoice',
		message: 'Für diesen Server ist eine Rechnung offen. Bitte bezahle sie vor dem Upgrade.',
	});
	const malformed = await context.post(`/api/services/${palIsland}/upgrade/quote`, {
		data: { ram: 'lots' },
	});
	expect(malformed.status()).toBe(400);
});
