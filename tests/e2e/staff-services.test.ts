import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';
import { signIn } from './backend';
import { billingCustomer } from './fixtures';
import { buyServer } from './purchase';
import { islandsHydrated } from './islands';
import { staffSignIn } from './staff';
import { orderVps } from './vps-order';

// Issue 32: a member of staff suspends a customer's server from the console with a reason. The
// customer reads the reason on their server's page, and power is refused while it lasts; once
// staff lift the suspension the customer starts it and it runs again.

test('staff suspend a server with a reason, the customer sees it and cannot power it, staff lift it', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	const id = await buyServer(page);

	const staffContext = await browser.newContext();
	const staff = await staffContext.newPage();
	await staffSignIn(staff);
	await staff.goto('/staff/services?state=active');
	await staff.locator(`[data-service="${id}"] a`).click();
	await expect(staff).toHaveURL(new RegExp(`/staff/services/${id}$`));
	await expect(staff.locator('[data-fact=state]')).toHaveText('Active');
	await islandsHydrated(staff);
	const { violations } = await new AxeBuilder({ page: staff }).analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
	const suspend = staff.locator('[data-staff-action=suspend]');
	await suspend.getByLabel('Reason (the customer sees it)').fill('Reported for spam traffic');
	await suspend.getByRole('button', { name: 'Suspend server' }).click();
	await expect(staff.locator('[data-fact=state]')).toHaveText('Suspended');
	await expect(staff.locator('[data-fact=reason]')).toHaveText('Reported for spam traffic');

	await page.goto(`/panel/game-servers/servers/${id}`);
	await expect(page.locator('[data-staff-suspension-reason]')).toHaveText(
		'Our team suspended it: Reported for spam traffic',
	);
	await expect(page.locator('[data-power]')).toHaveCount(0);
	const refused = await page.request.post(`/api/services/${id}/power`, {
		data: { signal: 'start' },
	});
	expect(refused.status()).toBe(409);
	expect((await refused.json()).error.code).toBe('suspended');

	await islandsHydrated(staff);
	await staff.locator('[data-staff-action=unsuspend]').getByRole('button').click();
	await expect(staff.locator('[data-fact=state]')).toHaveText('Active');
	await expect(staff.locator('[data-fact=reason]')).toHaveCount(0);

	await page.reload();
	await expect(page.locator('[data-staff-suspension]')).toHaveCount(0);
	// Lifted as billing lifts its own: the game panel lets it start again, and it runs.
	await islandsHydrated(page);
	await page.locator('[data-power=start]').click();
	await expect(page.locator('[data-live-state]')).toHaveAttribute('data-live-state', 'running');

	// Goodwill credit from the same page: a bad amount is refused, a good one is the new balance.
	const credit = staff.locator('[data-service-credit]');
	await credit.getByLabel(/Credit to add/).fill('abc');
	await credit.getByLabel('Reason').fill('Sorry for the outage');
	await credit.getByRole('button', { name: 'Add credit' }).click();
	await expect(credit.getByRole('alert')).toBeVisible();
	await credit.getByLabel(/Credit to add/).fill('5.00');
	await credit.getByRole('button', { name: 'Add credit' }).click();
	await expect(credit.getByRole('status')).toHaveText(/^Added .*5\.00.*\. Credit now: .*5\.00/);
	// The customer sees it with their subscription, until the next renewal invoice takes it off.
	await page.reload();
	await expect(
		page.locator('div:has(> dt:text-is("Credit (off your next renewal)")) > dd'),
	).toHaveText(/5\.00/);
	await staffContext.close();
});

test('a VPS staff suspend shows its reason on the VPS page; lifting it through the API is answered once', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const orderId = await orderVps(page, { image: 'debian-12', hostname: 'staff-e2e' });
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { id: string };
	};
	const id = order.service.id;

	const staffContext = await browser.newContext();
	const staff = await staffContext.newPage();
	await staffSignIn(staff, '/no');
	await staff.goto(`/no/staff/services?q=staff-e2e`);
	await staff.locator(`[data-service="${id}"] a`).click();
	await islandsHydrated(staff);
	const suspend = staff.locator('[data-staff-action=suspend]');
	await suspend.getByLabel('Begrunnelse (kunden ser den)').fill('Portskanning fra maskinen');
	await suspend.getByRole('button', { name: 'Suspender serveren' }).click();
	await expect(staff.locator('[data-fact=state]')).toHaveText('Suspendert');

	await page.goto(`/panel/vps/${id}`);
	await expect(page.locator('[data-staff-suspension-reason]')).toHaveText(
		'Our team suspended it: Portskanning fra maskinen',
	);
	await expect(page.locator('[data-vps-state]')).toHaveAttribute('data-vps-state', 'suspended');

	const lift = { requestId: crypto.randomUUID() };
	const first = await staff.request.post(`/api/staff/services/${id}/unsuspend`, { data: lift });
	expect(first.status()).toBe(200);
	const again = await staff.request.post(`/api/staff/services/${id}/unsuspend`, { data: lift });
	expect(again.status()).toBe(200);
	expect(again.headers()['idempotent-replayed']).toBe('true');
	const refused = await staff.request.post(`/api/staff/services/${id}/unsuspend`, {
		data: { requestId: crypto.randomUUID(), locale: 'no' },
	});
	expect(refused.status()).toBe(409);
	expect((await refused.json()).error).toEqual({
		code: 'not_suspended',
		message: 'Denne serveren er ikke suspendert.',
	});
	// Unsuspending starts the machine (as a paid renewal does); the page shows it once it runs.
	await expect(async () => {
		await page.reload();
		await expect(page.locator('[data-staff-suspension]')).toHaveCount(0);
		await expect(page.locator('[data-vps-state]')).toHaveAttribute('data-vps-state', 'running', {
			timeout: 1_000,
		});
	}).toPass();
	await staffContext.close();
});
