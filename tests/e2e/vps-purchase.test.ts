import { expect, test } from './test';
import { orderVps } from './vps-order';

// Issue 29: a VPS ordered through POST /api/checkout and paid on the test gateway's page is
// delivered on its own: the order page follows it from the payment to a running machine on the
// simulated hypervisor, then shows where it is and how to connect. A generated password is shown
// once: after a reload it is gone.

const sshKey =
	'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH frost@laptop';

test('a Debian VPS with an SSH key runs, and its order page says where and how to connect', async ({
	page,
}) => {
	const orderId = await orderVps(page, {
		image: 'debian-12',
		hostname: 'web-e2e',
		sshKeys: [sshKey],
	});
	const running = page.locator('[data-order-stage=running]');
	await expect(running).toBeVisible({ timeout: 30_000 });
	await expect(running).toContainText('Your VPS is running');
	const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { vps: { ipv4: string; ipv6: string | null } };
	};
	const { ipv4 } = status.service.vps;
	expect(ipv4).toMatch(/^203\.0\.113\.\d+$/);
	await expect(page.locator('[data-vps-ssh]')).toHaveText(`ssh root@${ipv4}`);
	const connection = page.locator('[data-vps-connection]');
	await expect(connection).toContainText(ipv4);
	await expect(connection).toContainText('web-e2e');
	await expect(connection).toContainText('Debian 12');
	await expect(connection).toContainText('Log in with the SSH key');
	await expect(page.locator('[data-vps-password]')).toHaveCount(0);
});

test('a VPS without keys shows its generated password once; after a reload it is gone', async ({
	page,
}) => {
	await orderVps(page, { image: 'ubuntu-24.04', hostname: 'pw-e2e' });
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	const password = page.locator('[data-vps-password-value]');
	await expect(password).toHaveText(/^[A-Za-z2-9]{20}$/);
	await expect(page.locator('[data-vps-password]')).toContainText('shown only once');
	await page.reload();
	await expect(page.locator('[data-order-stage=running]')).toBeVisible();
	await expect(page.locator('[data-vps-connection]')).toContainText('pw-e2e');
	await expect(page.locator('[data-vps-password]')).toHaveCount(0);
	await expect(page.locator('[data-vps-password-gone]')).toBeVisible();
});
