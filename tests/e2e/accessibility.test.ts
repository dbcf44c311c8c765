import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';

const pages = ['/', '/games', '/palworld-server-hosting', '/terms-of-service', '/locations'];

for (const prefix of ['', '/de']) {
	for (const path of pages) {
		const url = prefix + (path === '/' && prefix ? '' : path);
		test(`axe finds no serious or critical violation on ${url}`, async ({ page }) => {
			await page.goto(url);
			const { violations } = await new AxeBuilder({ page }).analyze();
			const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
			expect(
				serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
			).toEqual([]);
		});
	}
}

test('keyboard users can skip to the content and reach the language switch', async ({ page }) => {
	await page.goto('/games');
	await page.keyboard.press('Tab');
	await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/#main$/);
});

test('every control’s accessible name contains its visible text (WCAG 2.5.3), on a phone too', async ({
	page,
}) => {
	for (const width of [1280, 360]) {
		await page.setViewportSize({ width, height: 800 });
		for (const url of ['/', '/de/games', '/da/help', '/no/cart']) {
			await page.goto(url);
			// An experimental axe rule (Lighthouse runs it): it has to be switched on by name.
			const { violations } = await new AxeBuilder({ page })
				.options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
				.withRules(['label-content-name-mismatch'])
				.analyze();
			expect(
				violations.flatMap((v) => v.nodes.map((n) => `${width}px ${url} ${n.target.join(' ')}`)),
			).toEqual([]);
		}
	}
});
