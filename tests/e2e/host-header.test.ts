import { expect, test } from './test';
import { customerAddress, mailbox, uniqueEmail } from './backend';
import { admin } from './fixtures';
import { loopback, raw, sitePort, siteOrigin } from './raw-http';

// Issue 26: every absolute URL the site writes comes from its configured origin (here
// http://127.0.0.1:<port>, scripts/e2e-server.ts), never from the request's Host, and a request for
// another host is refused before any route runs. localhost is one of the site's own names.

const evil = `evil.example:${sitePort}`;
const alias = `http://localhost:${sitePort}`;

interface Mail {
	to: string[];
	html: string;
}

async function mailsTo(address: string): Promise<Mail[]> {
	const { messages } = (await (await fetch(`${mailbox}/api/messages`)).json()) as {
		messages: Mail[];
	};
	return messages.filter((m) => m.to.includes(address));
}

const links = (mail: Mail) =>
	[...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

async function victim(): Promise<{ email: string; password: string }> {
	const account = { email: uniqueEmail('victim'), password: 'Harbor-Lichen-Ostrich-42' };
	const { error } = await admin().auth.admin.createUser({ ...account, email_confirm: true });
	if (error) throw new Error(error.message);
	return account;
}

function login(from: string, host: string, email: string, password: string) {
	return raw('/login', {
		from,
		form: { email, password },
		headers: { Host: host, Origin: `http://${host}` },
	});
}

test('eleven sign-ins for a victim with a forged Host mail no link to that host', async () => {
	const { email } = await victim();
	const [forger, guesser] = [loopback(), loopback()];
	const forged = [];
	for (let i = 0; i < 11; i++) forged.push(await login(forger, evil, email, `wrong-${i}`));

	// The owner is still alerted when someone really guesses on the site (as localhost, one of its
	// names); the link in the mail is on the configured origin.
	for (let i = 0; i < 10; i++) await login(guesser, `localhost:${sitePort}`, email, `no-${i}`);
	let mails: Mail[] = [];
	await expect
		.poll(async () =>
			(mails = await mailsTo(email)).filter((m) => m.html.includes('/auth/confirm')),
		)
		.toHaveLength(1);
	const mailed = mails.flatMap(links);
	expect(mailed.join('\n')).not.toContain('evil.example');
	const confirm = mailed.find((link) => link.includes('/auth/confirm'));
	expect(new URL(confirm!).origin).toBe(siteOrigin);

	expect(forged.map((answer) => answer.status)).toEqual(Array(11).fill(421));
	expect(forged[0]?.body).toContain('not an address of this site');
});

test('a foreign Host is refused for pages, files and the API; health probes still answer', async () => {
	const from = loopback();
	for (const path of ['/', '/de/games', '/robots.txt', '/api/public-config', '/no-such-page']) {
		const answer = await raw(path, { from, headers: { Host: evil } });
		expect(answer.status, path).toBe(421);
		expect(answer.body.length, path).toBeLessThan(500);
	}
	const german = await raw('/de/login', { from, headers: { Host: evil } });
	expect(german.body).toContain('keine Adresse dieser Website');
	const write = await raw('/api/checkout', {
		from,
		json: {},
		headers: { Host: evil, Origin: `http://${evil}` },
	});
	expect(write.status).toBe(421);
	// A Host the URL parser would read as the site's is still not the site's.
	const smuggled = await raw('/', {
		from,
		headers: { Host: `evil.example@127.0.0.1:${sitePort}` },
	});
	expect(smuggled.status).toBe(421);
	for (const path of ['/api/health', '/api/ready']) {
		const probe = await raw(path, { from, headers: { Host: `10.1.2.3:${sitePort}` } });
		expect(probe.status, path).toBe(200);
	}
	// The site's other name answers, sending page reads to the configured origin.
	const own = await raw('/de/games?sort=price', {
		from,
		headers: { Host: `localhost:${sitePort}` },
	});
	expect(own.status).toBe(302);
	expect(own.headers.location).toBe(`${siteOrigin}/de/games?sort=price`);
	expect((await raw('/', { from })).status).toBe(200);
});

test('gateway and auth return addresses use the configured origin when asked as localhost', async ({
	playwright,
}) => {
	const customer = await victim();
	const api = await playwright.request.newContext({
		baseURL: alias,
		extraHTTPHeaders: { 'X-Forwarded-For': customerAddress() },
	});
	const signedIn = await api.post('/login', {
		form: customer,
		headers: { Origin: alias },
		maxRedirects: 0,
	});
	expect(signedIn.status()).toBe(303);
	const checkout = await api.post('/api/checkout', {
		headers: { Origin: alias },
		data: {
			item: {
				planId: 'palworld-standard',
				ram: 8,
				storageGb: 25,
				extras: [],
				cycle: 'monthly',
				currency: 'EUR',
				price: 1,
			},
			billing: {
				name: 'Vera Victim',
				address: 'Storgata 1',
				postcode: '0155',
				city: 'Oslo',
				country: 'NO',
			},
			method: 'card',
			idempotencyKey: `host-${Math.random().toString(36).slice(2, 12)}`,
			total: 1,
		},
	});
	expect(checkout.status()).toBe(201);
	const { paymentUrl } = (await checkout.json()) as { paymentUrl: string };
	expect(new URL(paymentUrl).origin).toBe(siteOrigin);

	// The password reset mail's return address (Supabase's redirect_to) is on the configured origin.
	const reset = await api.post('/forgot-password', {
		form: { email: customer.email },
		headers: { Origin: alias },
	});
	expect(reset.status()).toBe(200);
	let mails: Mail[] = [];
	await expect.poll(async () => (mails = await mailsTo(customer.email)).length).toBe(1);
	const verify = new URL(links(mails[0]!).find((link) => link.includes('redirect_to'))!);
	const back = new URL(verify.searchParams.get('redirect_to') ?? '');
	expect(back.origin + back.pathname).toBe(`${siteOrigin}/auth/callback`);
	await api.dispose();
});
