import { expect, test } from './test';
import { customerAddress, demo, signIn, uniqueEmail } from './backend';
import { billingCustomer } from './fixtures';
import { loopback, raw, siteOrigin } from './raw-http';
import { checkoutBody } from '../../scripts/two-servers/checkouts.ts';

// What every deployment gets, through the running site server: security headers on static pages,
// panel pages and API answers; request ids; cross-origin writes refused; the limits on the doors.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectHardened(headers: Record<string, string | string[] | undefined>) {
	const csp = String(headers['content-security-policy']);
	expect(csp).toContain("frame-ancestors 'none'");
	expect(csp).toContain("default-src 'self'");
	expect(headers['x-content-type-options']).toBe('nosniff');
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
	expect(String(headers['x-request-id'])).toMatch(uuid);
	return csp;
}

/** The script-src directive: only the site's own files and the build's hashes, never inline. */
function scriptSources(csp: string) {
	const scripts = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
	expect(scripts).toContain("'self'");
	expect(scripts).not.toContain("'unsafe-inline'");
	expect(scripts).not.toContain("'unsafe-eval'");
	return scripts;
}

test('static pages carry the build’s policy with their scripts’ hashes', async () => {
	for (const path of ['/', '/games', '/de/help']) {
		const page = await raw(path);
		expect(page.status).toBe(200);
		expect(scriptSources(expectHardened(page.headers))).toMatch(/'sha256-[\w+/=]+'/);
	}
	const asset = await raw('/favicon.svg');
	expectHardened(asset.headers);
});

test('panel pages and API answers are hardened too', async ({ page }) => {
	const health = await raw('/api/health');
	expect(health.status).toBe(200);
	expectHardened(health.headers);
	const refused = await raw('/api/checkout', { json: {} });
	expect(refused.status).toBe(401);
	expectHardened(refused.headers);

	const csp: string[] = [];
	page.on('response', (response) => {
		if (response.url().includes('/panel') && response.request().resourceType() === 'document')
			csp.push(response.headers()['content-security-policy'] ?? '');
	});
	await signIn(page, demo, '/login?next=/panel');
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	expect(csp.length).toBeGreaterThan(0);
	expect(scriptSources(csp.at(-1)!)).toMatch(/'sha256-/);
	expect(csp.at(-1)).toContain("frame-ancestors 'none'");
});

test('HSTS is sent on HTTPS, as the trusted proxy reports it, and only then', async () => {
	const plain = await raw('/');
	expect(plain.headers['strict-transport-security']).toBeUndefined();
	// 127.0.0.1 is the e2e server's trusted proxy; another loopback address is not, so its claim is ignored.
	const viaProxy = await raw('/', { headers: { 'X-Forwarded-Proto': 'https' } });
	expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
	const forged = await raw('/', { from: loopback(), headers: { 'X-Forwarded-Proto': 'https' } });
	expect(forged.headers['strict-transport-security']).toBeUndefined();
});

test('behind the TLS proxy, the session cookie is Secure and the origin is https://', async () => {
	const viaProxy = {
		'X-Forwarded-Proto': 'https',
		'X-Forwarded-For': customerAddress(),
		Origin: siteOrigin.replace('http:', 'https:'),
	};
	const signedIn = await raw('/login', {
		form: { email: demo.email, password: demo.password },
		headers: viaProxy,
	});
	expect(signedIn.status).toBe(303);
	const cookies = [signedIn.headers['set-cookie'] ?? []].flat();
	expect(cookies.some((c) => /^sb-.*-auth-token/.test(c))).toBe(true);
	for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
	// The same claim from a client that is not the proxy changes nothing: its http:// origin stands.
	const forged = await raw('/login', {
		from: loopback(),
		form: { email: demo.email, password: 'wrong-password-1' },
		headers: { 'X-Forwarded-Proto': 'https', Origin: siteOrigin.replace('http:', 'https:') },
	});
	expect(forged.status).toBe(403);
});

test('the proxy’s request id is kept, anyone else’s replaced', async () => {
	const headers = { 'X-Request-Id': 'edge-1b2c3d4e5f' };
	expect((await raw('/api/health', { headers })).headers['x-request-id']).toBe('edge-1b2c3d4e5f');
	const forged = await raw('/api/health', { from: loopback(), headers });
	expect(String(forged.headers['x-request-id'])).toMatch(uuid);
});

test('writes from another origin are refused in the visitor’s language and change nothing', async () => {
	const evil = { Origin: 'https://evil.example', Cookie: 'locale=de' };
	const api = await raw('/api/checkout', { json: {}, headers: evil });
	expect(api.status).toBe(403);
	expect(JSON.parse(api.body).error).toEqual({
		code: 'cross_origin',
		message: expect.stringContaining('anderen Website'),
	});
	const form = await raw('/login', {
		form: { email: demo.email, password: demo.password },
		headers: evil,
	});
	expect(form.status).toBe(403);
	expect(form.headers['set-cookie']).toBeUndefined();
	const noOrigin = await raw('/login', {
		form: { email: demo.email, password: demo.password },
		headers: { Origin: '', 'Sec-Fetch-Site': 'cross-site' },
	});
	expect(noOrigin.status).toBe(403);
	const opaque = await raw('/api/tickets', { json: {}, headers: { Origin: 'null' } });
	expect(opaque.status).toBe(403);
});

test('sign-ups are limited per client, with 429 and Retry-After', async () => {
	test.setTimeout(60_000);
	const from = loopback();
	const register = () =>
		raw('/register', {
			from,
			form: {
				firstName: 'Rate',
				lastName: 'Limit',
				email: uniqueEmail('limit'),
				password: 'Tundra-Quill-Harbor-77',
				confirmPassword: 'Tundra-Quill-Harbor-77',
				terms: 'on',
			},
		});
	const first = await Promise.all(Array.from({ length: 10 }, register));
	expect(first.every((answer) => answer.status === 200)).toBe(true);
	const limited = await register();
	expect(limited.status).toBe(429);
	expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
});

test('checkouts are limited per customer, with 429 and Retry-After', async ({ playwright }) => {
	test.setTimeout(90_000);
	const customer = await billingCustomer(0, 0);
	const context = await playwright.request.newContext({
		baseURL: siteOrigin,
		extraHTTPHeaders: { 'X-Forwarded-For': customerAddress(), Origin: siteOrigin },
	});
	const signedIn = await context.post('/login', {
		form: { email: customer.email, password: customer.password },
		maxRedirects: 0,
	});
	expect(signedIn.status()).toBe(303);
	const order = (n: number) => checkoutBody(`limit-${n}-${Math.random().toString(36).slice(2)}`);

	const statuses: number[] = [];
	for (let n = 0; n < 20; n++)
		statuses.push((await context.post('/api/checkout', { data: order(n) })).status());
	expect(statuses.every((status) => status === 201)).toBe(true);
	const limited = await context.post('/api/checkout', { data: order(20) });
	expect(limited.status()).toBe(429);
	expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
	expect((await limited.json()).error.code).toBe('rate_limited');
	await context.dispose();
});
