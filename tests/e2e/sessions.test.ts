import AxeBuilder from '@axe-core/playwright';
import { newAccount } from './fixtures';
import { signIn } from './backend';
import { expect, test } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };

// The Security tab's sessions: the same customer signed in from two browsers; signing the other one
// out from this one ends it (its next panel page goes to sign-in), this one carries on.

test('revoking another session from the Security tab ends it', async ({ page, browser }) => {
	const account = await newAccount('sessions');
	await signIn(page, account);
	await expect(page).toHaveURL(/\/panel$/);
	// The other browser is a headless Chrome on Linux, as a script or a test run signs in.
	const elsewhere = await browser.newContext({
		userAgent:
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
	});
	const other = await elsewhere.newPage();
	await signIn(other, account);
	await expect(other).toHaveURL(/\/panel$/);

	await page.goto('/panel/account/security');
	await expect(page.getByRole('heading', { name: 'Signed-in sessions' })).toBeVisible();
	const current = page.locator('[data-session=current]');
	await expect(current).toContainText('This device');
	await expect(current).toContainText('Chrome on');
	const others = page.locator('[data-session=other]');
	await expect(others).toHaveCount(1);
	await expect(others).toContainText('Chrome (headless) on Linux');
	const { violations } = await new AxeBuilder({ page })
		.options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
		.analyze();
	const serious = violations.filter(
		(v) =>
			v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch',
	);
	expect(
		serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
	await others.getByRole('button', { name: /^Sign out/ }).click();
	await expect(page.locator('[data-session-notice=success]')).toHaveText(
		'That session is signed out.',
	);
	await expect(others).toHaveCount(0);
	await expect(page.getByText('You are signed in on this device only.')).toBeVisible();

	await other.goto('/panel');
	await expect(other).toHaveURL(/\/login\?next=%2Fpanel$/);
	await page.goto('/panel');
	await expect(page).toHaveURL(/\/panel$/);
	await elsewhere.close();
});

test('signing out everywhere ends this session too', async ({ page }) => {
	const account = await newAccount('everywhere');
	await signIn(page, account, '/de/login');
	await expect(page).toHaveURL(/\/de\/panel$/);
	await page.goto('/de/panel/account/security');
	await expect(page.locator('[data-session=current]')).toContainText('Dieses Gerät');
	// A request the page would never send is refused in the customer's language and ends nothing.
	const refused = await page.request.post('/api/panel/sessions', {
		headers: { Origin: new URL(page.url()).origin },
		data: { action: 'end', sessionId: 'not-a-session', locale: 'de' },
	});
	expect(refused.status()).toBe(400);
	expect(await refused.json()).toMatchObject({
		error: { code: 'invalid_body', message: de['api.error.badRequest'] },
	});
	// This session is ended by signing out, not from the list: asked anyway, it is refused.
	const listed = (await (await page.request.get('/api/panel/sessions?locale=de')).json()) as {
		sessions: { id: string; current: boolean }[];
	};
	const mine = listed.sessions.find((session) => session.current)?.id;
	const own = await page.request.post('/api/panel/sessions', {
		headers: { Origin: new URL(page.url()).origin },
		data: { action: 'end', sessionId: mine, locale: 'de' },
	});
	expect(own.status()).toBe(400);
	expect(await own.json()).toMatchObject({
		error: { code: 'current_session', message: de['sessions.error.current'] },
	});
	await page.reload();
	await expect(page.locator('[data-session=current]')).toContainText('Dieses Gerät');
	await page.getByRole('button', { name: 'Überall abmelden' }).click();
	await expect(page).toHaveURL(/\/de\/login/);
	await page.goto('/de/panel');
	await expect(page).toHaveURL(/\/de\/login\?next=/);
});
