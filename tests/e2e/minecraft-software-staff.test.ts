import { expect, test } from './test';
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import { signIn } from './backend';
import { billingCustomer } from './fixtures';
import { buyServer } from './purchase';
import { staffSignIn } from './staff';

// A Minecraft server's software change on the running product (simulated panel): the customer's
// `PUT /api/services/{id}/software` answers 202 at once and the server's read follows it to
// installed; staff see, read-only, what the server runs and the change on its staff page.

test('a software change follows to installed, and staff see it on the server’s page', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	const id = await buyServer(page, '', { planId: 'minecraft-budget', ram: 2 });

	const changed = await page.request.put(`/api/services/${id}/software`, {
		data: { software: 'paper', minecraftVersion: '1.21.4' },
	});
	expect(changed.status()).toBe(202);
	expect(await changed.json()).toMatchObject({
		install: { kind: 'software', status: 'installing', target: 'Paper 1.21.4' },
	});
	const read = async () =>
		(await (await page.request.get(`/api/panel/servers/${id}`)).json()) as {
			software: unknown;
			install: { status: string };
			activity: { event: string }[];
		};
	await expect
		.poll(async () => (await read()).install.status, { timeout: 30_000 })
		.toBe('installed');
	const server = await read();
	expect(server.software).toEqual({ software: 'paper', minecraftVersion: '1.21.4' });
	expect(server.activity.map((entry) => entry.event)).toContain('software_changed');

	const staffContext = await browser.newContext();
	const staff = await staffContext.newPage();
	await staffSignIn(staff);
	await staff.goto(`/staff/services/${id}`);
	const section = staff.locator('[data-staff-software]');
	await expect(section.locator('[data-fact=software]')).toHaveText('Paper 1.21.4');
	await expect(section.locator('[data-fact=modpack]')).toHaveText(
		en['staff.services.software.none'],
	);
	const change = section.locator('[data-staff-software-change]');
	await expect(change).toHaveCount(1);
	await expect(change).toHaveAttribute('data-status', 'installed');
	await expect(change).toContainText('Paper 1.21.4');
	await expect(section.getByRole('button')).toHaveCount(0);
	await staffContext.close();
});
