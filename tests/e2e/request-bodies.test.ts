import { Agent, request } from 'node:http';
import { expect, test } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import no from '../../src/i18n/ui/no.json' with { type: 'json' };
import { billingCustomer } from './fixtures';
import { customerAddress } from './backend';
import { loopback, postChunked, raw, siteOrigin } from './raw-http';

// Bodies nobody should be able to make the site choke on (issue 26, items 5 and 9). A chunked body
// has no Content-Length, so only reading it tells its size: every route must stop reading at its
// cap, answer 413 and take no more bytes. And text no field can hold (NUL, a lone surrogate) is
// refused with a 400 in the visitor's language before it reaches the database.

const twentyMegabytes = 20 * 1024 * 1024;
// Whatever sits in the two sockets' buffers when the server stops reading is far below this.
const tookItAll = twentyMegabytes / 2;

test('a chunked 20 MB post to the payment webhook is refused without being read', async () => {
	const answer = await postChunked('/api/payments/test/webhook', twentyMegabytes, {
		'Content-Type': 'application/json',
	});
	expect(answer.status).toBe(413);
	expect(answer.sent).toBeLessThan(tookItAll);
});

test('a chunked 20 MB post to a JSON API is refused, in the caller’s language', async () => {
	const answer = await postChunked('/api/password-strength', twentyMegabytes, {
		'Content-Type': 'application/json',
		Cookie: 'locale=de',
	});
	expect(answer.status).toBe(413);
	expect(JSON.parse(answer.body)).toMatchObject({
		error: { code: 'body_too_large', message: de['api.error.tooLarge'] },
	});
	expect(answer.sent).toBeLessThan(tookItAll);
});

test('a chunked 20 MB sign-in form is refused, in the page’s language', async () => {
	const answer = await postChunked(
		'/no/login',
		twentyMegabytes,
		{ 'Content-Type': 'application/x-www-form-urlencoded' },
		loopback(),
	);
	expect(answer.status).toBe(413);
	expect(answer.body).toContain(no['api.error.tooLarge']);
	expect(answer.sent).toBeLessThan(tookItAll);
});

test('a NUL or a lone surrogate in a ticket is a 400 in German, and no ticket is opened', async ({
	request,
}) => {
	const customer = await billingCustomer(0, 0);
	const signedIn = await request.post('/login', {
		form: { email: customer.email, password: customer.password },
		headers: { Origin: siteOrigin, 'X-Forwarded-For': customerAddress() },
		maxRedirects: 0,
	});
	expect(signedIn.status()).toBe(303);
	// JSON escapes, as a script would send them: they decode to U+0000 and U+D800.
	for (const message of ['Hjelp\\u0000', 'Hjelp \\ud800 meg']) {
		const answer = await request.post('/api/tickets', {
			headers: { 'Content-Type': 'application/json', Origin: siteOrigin },
			data: `{"subject":"Lag at night","department":"technical","message":"${message}","locale":"de"}`,
		});
		expect(answer.status(), message).toBe(400);
		expect(await answer.json(), message).toMatchObject({
			error: { code: 'invalid_text', message: de['api.error.invalidText'] },
		});
	}
	const list = await request.get('/api/panel/tickets');
	expect(((await list.json()) as { tickets: unknown[] }).tickets).toEqual([]);
});

test('a NUL in a panel search is a 400 in the caller’s language, not a failed read', async ({
	request,
}) => {
	const customer = await billingCustomer(1, 0);
	const signedIn = await request.post('/login', {
		form: { email: customer.email, password: customer.password },
		headers: { Origin: siteOrigin, 'X-Forwarded-For': customerAddress() },
		maxRedirects: 0,
	});
	expect(signedIn.status()).toBe(303);
	const answer = await request.get('/api/panel/invoices?q=%00&locale=de');
	expect(answer.status()).toBe(400);
	expect(await answer.json()).toMatchObject({
		error: { code: 'invalid_text', message: de['api.error.invalidText'] },
	});
	expect((await request.get('/api/panel/invoices?q=10')).status()).toBe(200);
});

test('a NUL in a form field is refused in the page’s language and signs nobody in', async () => {
	const answer = await raw('/de/login', {
		from: loopback(),
		form: { email: 'demo@frostnode.example\u0000', password: 'frostnode-demo-2026' },
	});
	expect(answer.status).toBe(400);
	expect(answer.body).toContain(de['api.error.invalidText']);
	expect(answer.headers['set-cookie'] ?? []).not.toContainEqual(
		expect.stringMatching(/auth-token/),
	);
});

test('a write refused before its body was read leaves the connection usable for the next request', async () => {
	// One kept-alive connection, as browsers and API clients hold: the refused post's small body is
	// read and dropped, not answered by closing the connection under the client's next request.
	const agent = new Agent({ keepAlive: true, maxSockets: 1 });
	const sockets = new Set<unknown>();
	const send = (method: string, path: string, body?: string) =>
		new Promise<number>((resolve, reject) => {
			const req = request(
				`${siteOrigin}${path}`,
				{
					method,
					agent,
					headers: body
						? { 'Content-Type': 'application/json', Origin: 'http://evil.example' }
						: {},
				},
				(res) => {
					sockets.add(res.socket);
					res.resume();
					res.on('end', () => resolve(res.statusCode ?? 0));
				},
			);
			req.on('error', reject);
			req.end(body);
		});
	expect(await send('POST', '/api/checkout', '{"item":{}}')).toBe(403);
	expect(await send('GET', '/api/health')).toBe(200);
	expect(await send('POST', '/api/checkout', '{}')).toBe(403);
	expect(await send('GET', '/')).toBe(200);
	expect(sockets.size).toBe(1);
	agent.destroy();
});
