import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';

const pages = ['/', '/games', '/palworld-server-hosting', '/terms-of-service'];

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
