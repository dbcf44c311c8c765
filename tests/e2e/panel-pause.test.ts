import { expect, test } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import { locales } from '../../src/i18n/locales';
import { fill } from '../../src/lib/fill';
import { formatDate } from '../../src/lib/format-date';
import { signIn } from './backend';
import { admin, billingCustomer } from './fixtures';

// Issue 27 item 9, in German: a paid pause shows as paused (not the red suspension) with its end
// date in the server list and on the server page, which confirms it after the payment and resumes
// it with a Resume button that first says what resuming does.

const t = de as Record<string, string>;

test('a paused server: paid, confirmed, shown as paused until its end, then resumed', async ({
	page,
}) => {
	const customer = await billingCustomer(1, 0);
	const id = customer.services[0]!;
	await signIn(page, customer, '/de/login');
	await expect(page.locator('[data-dashboard]')).toBeVisible();

	const asked = await page.request.post(`/api/services/${id}/pause`, {
		data: { months: 1, method: 'card', locale: 'de' },
	});
	expect(asked.status()).toBe(201);
	const { paymentUrl } = (await asked.json()) as { paymentUrl: string };
	await page.goto(paymentUrl);
	await page.locator('button[value=pay]').click();

	await expect(page).toHaveURL(new RegExp(`/de/panel/game-servers/servers/${id}\\?paused=1`));
	const { data: pause } = await admin()
		.from('service_pauses')
		.select('ends_at')
		.eq('service_id', id)
		.eq('status', 'active')
		.single();
	const until = formatDate(pause!.ends_at as string, locales.de.intl);
	await expect(page.locator('[data-pause-paid=paused]')).toHaveText(
		fill(t['servers.pause.paid']!, { date: until }),
	);
	await expect(page.locator('[data-live-state]')).toHaveAttribute('data-live-state', 'paused');
	await expect(page.locator('[data-live-state]')).toContainText(t['panel.service.status.paused']!);
	await expect(page.locator('[data-paused] [data-paused-until]')).toHaveText(
		fill(t['panel.service.pausedUntil']!, { date: until }),
	);

	await page.goto('/de/panel/game-servers');
	const row = page.locator(`[data-server-row="${id}"]`);
	await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'paused');
	await expect(row.locator('[data-paused-until]')).toHaveText(
		fill(t['panel.service.pausedUntil']!, { date: until }),
	);

	await page.goto('/de/panel');
	const card = page.locator(`[data-server="${id}"]`);
	await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'paused');
	await expect(card.locator('[data-paused-until]')).toHaveText(
		fill(t['panel.service.pausedUntil']!, { date: until }),
	);

	// Resumed from the page the payment came back to: no word of a pause about to start after it.
	await page.goto(`/de/panel/game-servers/servers/${id}?paused=1`);
	await expect(page.locator('[data-pause-paid=paused]')).toBeVisible();
	await page.locator('[data-resume=ask]').click();
	await expect(page.locator('[data-resume-confirm]')).toHaveText(t['servers.resume.confirmText']!);
	await page.locator('[data-resume=confirm]').click();
	await expect(page.locator('[data-server-notice=success]')).toContainText(
		t['servers.resume.done']!.split('.')[0]!,
	);
	await expect(page.locator('[data-paused]')).toHaveCount(0);
	await expect(page.locator('[data-pause-paid]')).toHaveCount(0);
	await expect(page.locator('[data-live-state]')).toHaveAttribute('data-live-state', 'active');
});
