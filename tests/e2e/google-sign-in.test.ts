import { admin, newAccount } from './fixtures';
import { codeMailedTo, signIn, uniqueEmail } from './backend';
import { expect, test, type Page } from './test';
import { enterCode as enterTwoFactorCode, nextCode, signOut, turnOn } from './two-factor-steps';

// "Sign in with Google" end to end on the local stack: the site's button, the stack's /authorize,
// its labelled stand-in for Google's pages (which proves the address with a mailed code, as Google
// only names an address to its owner), /callback, and the site's code exchange.

/** Types the address and a name on the stand-in: it answers by asking for the mailed code. */
async function typeAddress(page: Page, email: string, name: string) {
	await expect(
		page.getByRole('heading', { name: 'Google sign-in stand-in (local stack only)' }),
	).toBeVisible();
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('Name').fill(name);
	await page.getByRole('button', { name: 'Continue' }).click();
	await expect(page.getByText(`We mailed a six-digit code to ${email}`)).toBeVisible();
}

async function enterStandInCode(page: Page, code: string) {
	await page.getByLabel('Code').fill(code);
	await page.getByRole('button', { name: 'Continue' }).click();
}

/** As a customer does it: the address, then the code read from their mailbox. */
async function chooseOnStandIn(page: Page, email: string, name: string) {
	await typeAddress(page, email, name);
	await enterStandInCode(page, await codeMailedTo(email));
}

async function userByEmail(email: string) {
	const { data } = await admin().auth.admin.listUsers({ perPage: 1000 });
	return data.users.find((user) => user.email === email);
}

test('a new customer signs up with Google, gets a profile and lands in the panel', async ({
	page,
}) => {
	const email = uniqueEmail('google-new');
	await page.goto('/register');
	await page.getByRole('button', { name: 'Sign up with Google' }).click();
	await chooseOnStandIn(page, email, 'Astrid Google');
	await expect(page).toHaveURL(/\/panel$/);
	// The name Google gave became the profile's, as a sign-up form's would.
	await expect(page.locator('[data-welcome]')).toHaveText('Welcome, Astrid');
	// The header names the customer by the profile's first name, as for a password sign-up.
	await expect(page.locator('account-menu [data-name]')).toHaveText('Astrid');
	const user = await userByEmail(email);
	expect(user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
	const { data: profile } = await admin()
		.from('profiles')
		.select('first_name, last_name, preferred_locale')
		.eq('id', user?.id ?? '')
		.single();
	expect(profile).toEqual({ first_name: 'Astrid', last_name: 'Google', preferred_locale: 'en' });
});

test('a Google customer whose account predates the header name gets it on the next sign-in', async ({
	page,
}) => {
	const email = uniqueEmail('google-returning');
	await page.goto('/register');
	await page.getByRole('button', { name: 'Sign up with Google' }).click();
	await chooseOnStandIn(page, email, 'Birgit Tidligere');
	await expect(page).toHaveURL(/\/panel$/);
	// As Google accounts made before the name was kept with the session: the profile only.
	const user = await userByEmail(email);
	const { error } = await admin().auth.admin.updateUserById(user?.id ?? '', {
		user_metadata: { first_name: null, last_name: null },
	});
	expect(error).toBeNull();
	await signOut(page);
	await page.getByRole('button', { name: 'Sign in with Google' }).click();
	await chooseOnStandIn(page, email, 'Birgit Tidligere');
	await expect(page).toHaveURL(/\/panel$/);
	await expect(page.locator('account-menu [data-name]')).toHaveText('Birgit');
});

test('a new Google customer is referred by the partner whose link set the cookie', async ({
	page,
	context,
	baseURL,
}) => {
	const partner = await newAccount('google-partner');
	const partnerId = (await userByEmail(partner.email))?.id ?? '';
	const code = `G${Math.random().toString(36).slice(2, 9).toUpperCase().padEnd(7, '0')}`;
	const joined = await admin()
		.from('affiliates')
		.insert({ user_id: partnerId, code, terms_accepted_at: new Date().toISOString() });
	expect(joined.error).toBeNull();
	await context.addCookies([{ name: 'frostnode-ref', value: code, url: baseURL ?? '' }]);
	const email = uniqueEmail('google-referred');
	await page.goto('/register');
	await page.getByRole('button', { name: 'Sign up with Google' }).click();
	await chooseOnStandIn(page, email, 'Referred Customer');
	await expect(page).toHaveURL(/\/panel$/);
	const { data } = await admin()
		.from('referrals')
		.select('affiliate_id')
		.eq('referred_user_id', (await userByEmail(email))?.id ?? '');
	expect(data).toEqual([{ affiliate_id: partnerId }]);
});

test('an existing password customer signs in with Google in Norwegian and is linked', async ({
	page,
}) => {
	const account = await newAccount('google-linked');
	await page.goto('/no/login');
	await page.getByRole('button', { name: 'Logg inn med Google' }).click();
	await chooseOnStandIn(page, account.email, 'Kari Nordmann');
	await expect(page).toHaveURL(/\/no\/panel$/);
	const user = await userByEmail(account.email);
	expect(user?.identities?.map((identity) => identity.provider).sort()).toEqual([
		'email',
		'google',
	]);
});

test('cancelling on the stand-in returns to sign-in with a message', async ({ page }) => {
	await page.goto('/login');
	await page.getByRole('button', { name: 'Sign in with Google' }).click();
	await page.getByRole('button', { name: 'Cancel (deny access)' }).click();
	// The browser keeps the fragment the auth service put on the error redirect.
	await expect(page).toHaveURL(/\/login\?error=googleFailed(#|$)/);
	await expect(page.getByText('Signing in with Google did not complete.')).toBeVisible();
});

test('typing a customer’s address on the stand-in signs nobody in, and guessing the code locks it', async ({
	page,
}) => {
	const victim = await newAccount('google-victim');
	await page.goto('/login');
	await page.getByRole('button', { name: 'Sign in with Google' }).click();
	const standIn = new URL(page.url());
	await typeAddress(page, victim.email, 'Mallory');
	// The link that used to approve any typed address now approves nothing.
	const approve = new URL('google-stand-in/approve', standIn);
	approve.search = new URLSearchParams({
		state: standIn.searchParams.get('state') ?? '',
		redirect_uri: standIn.searchParams.get('redirect_uri') ?? '',
		email: victim.email,
		name: 'Mallory',
	}).toString();
	const direct = await page.request.get(approve.href, { maxRedirects: 0 });
	expect(direct.status()).toBe(400);
	expect(await direct.text()).toContain('Sign in with the code mailed to the address.');
	const right = await codeMailedTo(victim.email);
	for (let n = 1; n <= 5; n += 1) {
		await enterStandInCode(page, String((Number(right) + n) % 1_000_000).padStart(6, '0'));
		await expect(page.getByRole('alert')).toHaveText('That code is not right.');
	}
	await enterStandInCode(page, right);
	await expect(page.getByRole('alert')).toContainText('Too many wrong codes for this address.');
	await page.goto('/panel');
	await expect(page).toHaveURL(/\/login(\?|$)/);
	const user = await userByEmail(victim.email);
	expect(user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
});

test('the stand-in shows nobody the addresses of people who signed in with Google', async ({
	page,
	browser,
}) => {
	const email = uniqueEmail('google-private');
	await page.goto('/register');
	await page.getByRole('button', { name: 'Sign up with Google' }).click();
	await chooseOnStandIn(page, email, 'Private Person');
	await expect(page).toHaveURL(/\/panel$/);
	const stranger = await browser.newPage();
	await stranger.goto(page.url().replace(/\/panel$/, '/login'));
	await stranger.getByRole('button', { name: 'Sign in with Google' }).click();
	await expect(stranger.getByLabel('E-mail address')).toBeVisible();
	expect(await stranger.content()).not.toContain(email);
	await stranger.close();
});

test('a customer with two-factor sign-in who signs in with Google still gives the code', async ({
	page,
}) => {
	const account = await newAccount('google-2fa');
	await signIn(page, account);
	await expect(page).toHaveURL(/\/panel$/);
	const { app } = await turnOn(page, '');
	await signOut(page);
	await page.getByRole('button', { name: 'Sign in with Google' }).click();
	await chooseOnStandIn(page, account.email, 'Two Factor');
	await expect(page).toHaveURL(/\/login\/code/);
	await page.goto('/panel');
	await expect(page).toHaveURL(/\/login\/code/);
	await enterTwoFactorCode(page, nextCode(app));
	await expect(page).toHaveURL(/\/panel$/);
});
