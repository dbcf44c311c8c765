import { expect, test } from './test';
import { demo, linkMailedTo, other, uniqueEmail } from './backend';
import { newAccount } from './fixtures';
import { loopback, postLogin, raw } from './raw-http';

// The attacks an outside test found against sign-in; each must fail. Attackers and customers
// send from loopback addresses of their own (loopback()), so per-address limits are what they are
// in production and no test shares its counts with another.

test('a flood of failed sign-ins from one address does not lock out customers elsewhere', async () => {
	const attacker = loopback();
	const flood = Array.from({ length: 31 }, () =>
		postLogin(attacker, uniqueEmail('random'), 'wrong-password-2026'),
	);
	const answers = await Promise.all(flood);
	expect(answers.filter((a) => a.status === 400).length).toBe(30);
	const limited = answers.find((a) => a.status === 429);
	expect(limited?.body).toContain('Too many attempts');
	expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
	// Rotating a forged X-Forwarded-For does not get the attacker a fresh bucket.
	const forged = await raw('/login', {
		from: attacker,
		form: { email: demo.email, password: demo.password },
		headers: { 'X-Forwarded-For': '203.0.113.77' },
	});
	expect(forged.status).toBe(429);

	const customer = await postLogin(loopback(), demo.email, demo.password);
	expect(customer.status).toBe(303);
	expect(customer.headers.location).toBe('/panel');
});

test('the return path after sign-in never leaves the site, however it is spelled', async () => {
	const from = loopback();
	for (const next of ['/.//evil.example/phish', '/./\\evil.example', '/%2E//evil.example']) {
		const answer = await postLogin(from, other.email, other.password, `?next=${next}`);
		expect(answer.status, next).toBe(303);
		expect(answer.headers.location, next).toBe('/panel');
	}
	const kept = await postLogin(from, other.email, other.password, '?next=/da/games');
	expect(kept.headers.location).toBe('/da/games');
});

test('the static server never redirects to another host', async () => {
	const from = loopback();
	for (const path of [
		'//evil.example/',
		'///evil.example/',
		'/\\evil.example/',
		'//evil.example/x/',
	]) {
		const answer = await raw(path, { from });
		const location = String(answer.headers.location ?? '');
		expect(new URL(location || '/', 'http://site.test').host, path).toBe('site.test');
		expect([301, 404], path).toContain(answer.status);
	}
	const canonical = await raw('/da/games/', { from });
	expect(canonical.headers.location).toBe('/da/games');
});

test('forgot-password answers alike for known and unknown addresses, repeats included', async () => {
	const ask = (from: string, email: string) => raw('/forgot-password', { from, form: { email } });
	// Reset links are limited per account: the known account is this test's alone.
	const known = await newAccount('forgetful');
	const unknown = uniqueEmail('nobody');
	const strip = (body: string) =>
		(body.match(/<main[\s\S]*<\/main>/)?.[0] ?? '')
			.replace(/[\w.+-]+@[\w.-]+/g, '@')
			// The wait may round to a different second for two requests a moment apart.
			.replace(/\d+ seconds/g, 'N seconds');
	const [knownFirst, unknownFirst] = await Promise.all([
		ask(loopback(), known.email),
		ask(loopback(), unknown),
	]);
	expect(knownFirst.status).toBe(unknownFirst.status);
	expect(strip(knownFirst.body)).toBe(strip(unknownFirst.body));
	const [knownAgain, unknownAgain] = await Promise.all([
		ask(loopback(), known.email),
		ask(loopback(), unknown),
	]);
	expect(knownAgain.status).toBe(429);
	expect(unknownAgain.status).toBe(429);
	expect(strip(knownAgain.body)).toBe(strip(unknownAgain.body));
	// Not "a link is on its way": when another may be asked for, for either address.
	expect(knownAgain.body).toMatch(/You can ask for another in \d+ seconds/);
	expect(knownAgain.body).not.toContain('on its way');
});

test('registering a taken address looks exactly like registering a new one', async () => {
	const register = (from: string, email: string) =>
		raw('/register', {
			from,
			form: {
				firstName: 'Test',
				lastName: 'Person',
				email,
				password: 'Tundra-Quill-Harbor-77',
				confirmPassword: 'Tundra-Quill-Harbor-77',
				terms: 'on',
			},
		});
	const [taken, fresh] = await Promise.all([
		register(loopback(), other.email),
		register(loopback(), uniqueEmail('fresh')),
	]);
	expect(taken.status).toBe(fresh.status);
	const message = (body: string) =>
		body.match(/role="status"[^>]*>([\s\S]*?)<\//)?.[1]?.replace(/[\w.+-]+@[\w.-]+/g, '@');
	expect(message(taken.body)).toBeTruthy();
	expect(message(taken.body)).toBe(message(fresh.body));
});

test('discount codes cannot be guessed: misses are limited per client, the database is closed', async ({
	request,
}) => {
	const guesser = loopback();
	const guesses = await Promise.all(
		Array.from({ length: 11 }, (_, i) => jsonPost(guesser, { code: `GUESS${i}X` })),
	);
	// Sent together, they are answered in whatever order they arrive: count, do not line up.
	expect(guesses.map((g) => g.status).sort()).toEqual([...Array(10).fill(404), 429]);
	const stillLimited = await jsonPost(guesser, { code: 'SP25' });
	expect(stillLimited.status).toBe(429);
	expect(Number(stillLimited.headers['retry-after'])).toBeGreaterThan(0);
	const honest = await jsonPost(loopback(), { code: 'sp25' });
	expect(honest.status).toBe(200);
	expect(JSON.parse(honest.body)).toEqual({ code: 'SP25', percent: 25 });
	const config = (await (await request.get('/api/public-config')).json()) as {
		supabaseUrl: string;
		supabaseAnonKey: string;
	};
	const direct = await fetch(`${config.supabaseUrl}/rest/v1/rpc/discount_code_percent`, {
		method: 'POST',
		headers: {
			apikey: config.supabaseAnonKey,
			Authorization: `Bearer ${config.supabaseAnonKey}`,
			'Content-Type': 'application/json',
		},
		body: JSON.stringify({ code: 'SP25' }),
	});
	expect(direct.status).toBe(401);
});

function jsonPost(from: string, value: unknown) {
	return raw('/api/discount-codes/check', { from, json: value });
}

test('ten wrong passwords pause the account, mail its owner, and the mailed link gets them in', async ({
	page,
}) => {
	const email = uniqueEmail('guessed');
	const password = 'Lantern-Fjord-Quartz-58';
	await page.goto('/register');
	await page.getByLabel('First name').fill('Gry');
	await page.getByLabel('Last name').fill('Guessed');
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Password', { exact: true }).fill(password);
	await page.getByLabel('Confirm password').fill(password);
	await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
	await page.getByRole('button', { name: 'Create account' }).click();
	await page.goto(await linkMailedTo(email));
	await page.context().clearCookies();

	const guesses = await Promise.all(
		Array.from({ length: 10 }, (_, i) => postLogin(loopback(), email, `wrong-guess-${i}`)),
	);
	expect(guesses.every((g) => g.status === 400)).toBe(true);
	const owner = await postLogin(loopback(), email, password);
	expect(owner.status).toBe(429);
	expect(owner.body).toContain('password reset link');

	await expect.poll(async () => (await linkMailedTo(email)).includes('/auth/confirm')).toBe(true);
	await page.goto(await linkMailedTo(email));
	await expect(page).toHaveURL(/\/reset-password$/);
	await page.getByLabel('New password', { exact: true }).fill('Ember-Walrus-Quiver-31');
	await page.getByLabel('Confirm new password').fill('Ember-Walrus-Quiver-31');
	await page.getByRole('button', { name: 'Save new password' }).click();
	await expect(page.getByRole('status')).toHaveText('Password updated successfully');
	const after = await postLogin(loopback(), email, 'Ember-Walrus-Quiver-31');
	expect(after.status).toBe(303);
});

test('weak passwords are refused with reasons in the page’s language', async ({ page }) => {
	for (const [weak, locale, reason] of [
		['          ', '', 'Repeated characters'],
		['aaaaaaaaaa', '', 'Repeated characters'],
		['abcdefghij', '', 'sequences'],
		['Passw0rd!!', '/de', 'Passwort'],
		['frostnode-demo-2026', '/da', 'navnet på dette websted'],
	] as const) {
		await page.goto(`${locale}/register`);
		await page.locator('input[name=firstName]').fill('Svak');
		await page.locator('input[name=lastName]').fill('Kode');
		await page.locator('input[name=email]').fill(uniqueEmail('weak'));
		await page.locator('input[name=password]').fill(weak);
		await expect(page.locator('password-strength li').first()).not.toBeEmpty();
		await page.locator('input[name=confirmPassword]').fill(weak);
		await page.locator('input[name=terms]').check();
		await page.locator('form[data-sign-up] button[type=submit]').click();
		const alert = page.getByRole('alert');
		await expect(alert, weak).toBeVisible();
		await expect(alert.locator('li').first(), weak).toBeVisible();
		await expect(alert, weak).toContainText(reason);
	}
});
