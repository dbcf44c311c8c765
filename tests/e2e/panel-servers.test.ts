import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import { demo, signIn } from './backend';
import { billingCustomer } from './fixtures';
import { buyServer } from './purchase';

// Running a server from the panel: live state, power, settings, the panel password, an upgrade
// paid with the test gateway, and the refusals (someone else's server, a suspended one).

const demosRust = 'c0ffee00-0000-4000-8000-000000000103'; // suspended, overdue invoice
const othersValheim = 'c0ffee00-0000-4000-8000-000000000201';

async function noAxeViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
}

const state = (page: Page) => page.locator('[data-live-state]');

test('start, stop and restart a server, its settings, password and activity, in English', async ({
	page,
}) => {
	// A purchase, three power changes, settings and a password: several pages' worth of time.
	test.setTimeout(90_000);
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	const id = await buyServer(page);

	await page.goto('/panel/game-servers');
	await expect(page.locator(`[data-server-row="${id}"]`)).toContainText('Online');
	await noAxeViolations(page);
	await page
		.locator(`[data-server-row="${id}"]`)
		.getByRole('link', { name: /^Manage/ })
		.click();
	await expect(state(page)).toHaveAttribute('data-live-state', 'running');
	await expect(page.locator('[data-live-resources]')).toContainText('GB');
	await expect(page.locator('[data-power=start]')).toBeDisabled();

	await page.locator('[data-power=stop]').click();
	await expect(state(page)).toHaveAttribute('data-live-state', 'offline');
	await expect(page.locator('[data-power=stop]')).toBeDisabled();
	await page.locator('[data-power=start]').click();
	await expect(state(page)).toHaveAttribute('data-live-state', 'running');
	await page.locator('[data-power=restart]').click();
	await expect(state(page)).toHaveAttribute('data-live-state', 'running');

	await page.getByLabel('Name').fill('Pal paradise');
	await page.getByLabel('Daily restart (UTC)').fill('04:30');
	await page.getByRole('button', { name: 'Save settings' }).click();
	await expect(page.locator('[data-server-notice=success]')).toHaveText('Settings saved.');
	await expect(page.getByLabel('Daily restart (UTC)')).toHaveValue('04:30');

	// A reset ends the current password at once, so it asks first; keeping it changes nothing.
	await page.getByRole('button', { name: 'Reset password' }).click();
	await expect(page.locator('[data-reset-confirm]')).toContainText('stops working');
	await page.getByRole('button', { name: 'Keep the current password' }).click();
	await expect(page.locator('[data-reset-confirm]')).toHaveCount(0);
	await page.getByRole('button', { name: 'Reset password' }).click();
	await page.getByRole('button', { name: 'Reset it now' }).click();
	await expect(page.locator('[data-new-password]')).toHaveText(/^\S{12,}$/);
	await page.reload();
	await expect(page.locator('[data-credentials]')).toHaveCount(0); // shown once, never stored

	const events = page.locator('[data-activity] [data-event]');
	await expect(events.first()).toHaveAttribute('data-event', 'password_reset');
	for (const event of ['settings_changed', 'restarted', 'started', 'stopped', 'provisioned'])
		await expect(page.locator(`[data-activity] [data-event=${event}]`)).toHaveCount(1);
	await expect(page.locator('[data-server-detail]')).toContainText('Pal paradise');
	await noAxeViolations(page);

	// Someone else's server is not found, and cannot be started.
	await page.goto(`/panel/game-servers/servers/${othersValheim}`);
	await expect(page.getByRole('alert')).toHaveText('Server not found');
	const foreign = await page.request.post(`/api/services/${othersValheim}/power`, {
		data: { signal: 'start' },
	});
	expect(foreign.status()).toBe(404);
});

test('an upgrade from the server page: quote, test gateway, new size live, in German', async ({
	page,
}) => {
	test.setTimeout(90_000); // a purchase, then an upgrade and its payment
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer, '/de/login');
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	const id = await buyServer(page, '/de');
	await page.goto(`/de/panel/game-servers/servers/${id}`);
	await page.getByRole('link', { name: de['servers.upgrade'] }).click();
	await expect(page).toHaveURL(new RegExp(`/de/panel/game-servers/upgrade/${id}`));
	// Nothing chosen yet: a hint what to choose, no error.
	await expect(page.locator('[data-quote-hint]')).toHaveText(de['servers.upgradeHint']);
	await expect(page.locator('[data-quote-error]')).toHaveCount(0);
	await page.getByLabel(de['servers.ram'], { exact: true }).selectOption('12');
	await expect(page.locator('[data-quote-total]')).toContainText('€');
	await expect(page.locator('[data-new-price]')).toContainText('12,00');
	await noAxeViolations(page);
	await page.getByRole('button', { name: de['servers.confirmUpgrade'] }).click();
	await expect(page).toHaveURL(/\/de\/panel\/billing\/upgrade\/payment\//);
	await page.getByRole('button', { name: new RegExp(`^${de['invoice.payNow']}`) }).click();
	await page.locator('button[value=pay]').click();
	await expect(page.locator('[data-upgrade-status]')).toHaveText(de['upgradePay.status.applied']);
	await page.goto(`/de/panel/game-servers/servers/${id}`);
	await expect(page.locator('#server-details + dl')).toContainText('12 GB');
	await expect(page.locator('[data-activity] [data-event=upgraded]')).toHaveCount(1);
});

test('a suspended server offers no power and the API refuses it, in German', async ({ page }) => {
	await signIn(page, demo, '/de/login');
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	await page.goto(`/de/panel/game-servers/servers/${demosRust}`);
	await expect(state(page)).toHaveAttribute('data-live-state', 'suspended');
	await expect(page.locator('[data-power]')).toHaveCount(0);
	const refused = await page.request.post(`/api/services/${demosRust}/power`, {
		data: { signal: 'start', locale: 'de' },
	});
	expect(refused.status()).toBe(409);
	expect((await refused.json()).error).toEqual({
		code: 'suspended',
		message: de['servers.error.suspended'],
	});
});

test('the demo customer stops and starts their Palworld server, in German', async ({ page }) => {
	await signIn(page, demo, '/de/login');
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	await page.goto('/de/panel/game-servers');
	const row = page.locator('[data-server-row="c0ffee00-0000-4000-8000-000000000101"]');
	await expect(row).toContainText(de['panel.live.running']);
	await row.getByRole('link').click();
	await expect(state(page)).toHaveAttribute('data-live-state', 'running');
	await page.locator('[data-power=stop]').click();
	await expect(state(page)).toHaveAttribute('data-live-state', 'offline');
	await page.locator('[data-power=start]').click();
	await expect(state(page)).toHaveAttribute('data-live-state', 'running');
	await expect(page.locator('[data-activity] [data-event=started]').first()).toHaveText(
		new RegExp(de['servers.event.started']),
	);
});

test('in German, the server page keeps every label apart, and a disabled power button looks disabled', async ({
	page,
}) => {
	await signIn(page, demo, '/de/login');
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	await page.goto('/de/panel/game-servers/servers/c0ffee00-0000-4000-8000-000000000101');
	await expect(page.locator('[data-live-resources]')).toBeVisible();

	// Whatever the live state (another test may be stopping this server), one signal is not allowed.
	const buttons = await page.locator('[data-power]').evaluateAll((all) =>
		all.map((button) => {
			const style = getComputedStyle(button);
			return {
				disabled: (button as HTMLButtonElement).disabled,
				opacity: Number(style.opacity),
				cursor: style.cursor,
			};
		}),
	);
	expect(buttons.some((button) => button.disabled)).toBe(true);
	for (const button of buttons)
		expect(button).toEqual(
			button.disabled
				? { disabled: true, opacity: expect.any(Number), cursor: 'not-allowed' }
				: { disabled: false, opacity: 1, cursor: 'pointer' },
		);
	expect(Math.max(...buttons.filter((b) => b.disabled).map((b) => b.opacity))).toBeLessThan(0.7);

	// Long German labels ("Abrechnungsintervall", "Speichernutzung") fit their column at every width:
	// measured without the page's last-resort word breaking, no label runs into another.
	for (const width of [1440, 1280, 1024, 900, 800, 640, 390]) {
		await page.setViewportSize({ width, height: 900 });
		const collisions = await page.locator('main').evaluate((main) => {
			document.body.style.overflowWrap = 'normal';
			const labels = [...main.querySelectorAll('dt, label')] as HTMLElement[];
			const boxes = labels.map((label) => {
				const r = label.getBoundingClientRect();
				return {
					text: label.textContent,
					left: r.left,
					top: r.top,
					bottom: r.bottom,
					right: r.left + Math.max(r.width, label.scrollWidth),
				};
			});
			const found: string[] = [];
			boxes.forEach((a, i) =>
				boxes.slice(i + 1).forEach((b) => {
					const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
					const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
					if (x > 0.5 && y > 0.5) found.push(`${a.text} / ${b.text}`);
				}),
			);
			labels.forEach((label) => {
				if (label.scrollWidth > label.clientWidth + 0.5)
					found.push(`${label.textContent} is wider than its box`);
			});
			document.body.style.overflowWrap = '';
			return found;
		});
		expect(collisions, `at ${width} px`).toEqual([]);
	}
});
