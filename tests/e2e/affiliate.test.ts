import { expect, test } from './test';
import { customerAddress, linkMailedTo, signIn, uniqueEmail } from './backend';
import { admin, billingCustomer } from './fixtures';
import { buyServer } from './purchase';

// The programme end to end: a customer joins and copies their link; a visitor opens it, allows
// the partner's cookie, signs up and buys with the test gateway; the first customer sees the visit, the sign-up and a pending
// commission of 5 % of the order's amount net of VAT.

test('join, copy the link, a referred customer buys, the commission is pending', async ({
	page,
	browser,
	context,
}) => {
	test.setTimeout(120_000); // two customers, a sign-up by mail and a purchase
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	const affiliate = await billingCustomer(0, 0);
	await signIn(page, affiliate, '/login?next=/panel/affiliate');
	await expect(page).toHaveURL(/\/panel\/affiliate$/);
	await page.locator('[data-join] button[type=submit]').click();
	await expect(page.getByRole('alert')).toBeVisible(); // the terms first
	await page.locator('[data-join] input[type=checkbox]').check();
	await page.locator('[data-join] button[type=submit]').click();
	const code = (await page.locator('[data-affiliate-code]').textContent())?.trim() ?? '';
	expect(code).toMatch(/^[A-Z0-9]{8}$/);
	const home = page.locator('[data-referral-link]').first();
	await expect(home).toHaveValue(new RegExp(`/\\?ref=${code}$`));
	await page.getByRole('button', { name: /Copy/ }).first().click();
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await home.inputValue());

	// Someone from the affiliate's community opens the link, signs up and buys.
	const visitor = await browser.newContext({
		extraHTTPHeaders: { 'X-Forwarded-For': customerAddress() },
	});
	const referred = await visitor.newPage();
	await referred.goto(new URL(await home.inputValue()).pathname + `?ref=${code}`);
	// Nothing is stored until the visitor allows it, as the privacy policy says.
	const notice = referred.locator('[data-referral-notice]');
	await expect(notice).toBeVisible();
	expect(await visitor.cookies()).not.toContainEqual(
		expect.objectContaining({ name: 'frostnode-ref' }),
	);
	await notice.getByRole('button', { name: 'Allow' }).click();
	await expect(notice).toBeHidden();
	await expect(referred).not.toHaveURL(/ref=/);
	expect(await visitor.cookies()).toContainEqual(
		expect.objectContaining({ name: 'frostnode-ref', value: code, httpOnly: true }),
	);
	const email = uniqueEmail('referred');
	await referred.goto('/register');
	await referred.getByLabel('First name').fill('Jonas');
	await referred.getByLabel('Last name').fill('Lund');
	await referred.getByLabel('Email').fill(email);
	await referred.getByLabel('Password', { exact: true }).fill('Harbour-Lantern-Quill-58');
	await referred.getByLabel('Confirm password').fill('Harbour-Lantern-Quill-58');
	await referred.getByRole('checkbox', { name: /I accept the terms/ }).check();
	await referred.getByRole('button', { name: 'Create account' }).click();
	await expect(referred.getByRole('status')).toContainText(email);
	await referred.goto(await linkMailedTo(email));
	await expect(referred).toHaveURL(/\/panel$/);
	await buyServer(referred);
	await visitor.close();

	// What the referred customer paid, read as the operator would: 5 % of it net of VAT and discount.
	const { data: users } = await admin().auth.admin.listUsers({ perPage: 1000 });
	const referredId = users.users.find((user) => user.email === email)!.id;
	const { data: invoice } = await admin()
		.from('invoices')
		.select('subtotal, discount')
		.eq('user_id', referredId)
		.eq('status', 'paid')
		.single();
	const expected = Math.floor(((invoice!.subtotal - invoice!.discount) * 5 + 50) / 100);
	expect(expected).toBeGreaterThan(0);

	await page.reload();
	await expect(page.locator('[data-pending][data-currency=EUR]')).toHaveAttribute(
		'data-minor',
		String(expected),
	);
	const line = page.locator('[data-commissions] tbody tr').first();
	await expect(line).toContainText('1'); // "Customer 1": a number, never who
	await expect(line).not.toContainText('Jonas');
	// The visit through the link, the sign-up and the paying customer are counted.
	for (const figure of ['visits', 'signUps', 'paying'])
		await expect(page.locator(`[data-figure=${figure}] dd`)).toHaveText('1');
});
