import { admin, newAccount } from './fixtures';
import { uniqueEmail } from './backend';
import { expect, test, type Page } from './test';

// "Sign in with Google" end to end on the local stack: the site's button, the stack's /authorize,
// its labelled stand-in for Google's pages, /callback, and the site's code exchange.

async function chooseOnStandIn(page: Page, email: string, name: string) {
	await expect(
		page.getByRole('heading', { name: 'Google sign-in stand-in (local stack only)' }),
	).toBeVisible();
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('Name').fill(name);
	await page.getByRole('button', { name: 'Continue' }).click();
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
	const user = await userByEmail(email);
	expect(user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
	const { data: profile } = await admin()
		.from('profiles')
		.select('first_name, last_name, preferred_locale')
		.eq('id', user?.id ?? '')
		.single();
	expect(profile).toEqual({ first_name: 'Astrid', last_name: 'Google', preferred_locale: 'en' });
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
