import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import Games from '../../src/pages/[...locale]/games.astro';
import { locales, useTranslations, type Locale } from '../../src/i18n';
import { findPlan } from '../../src/lib/catalogue';
import { formatMoney } from '../../src/lib/format-money';
import { games } from '../../src/lib/games';

const container = await AstroContainer.create();

/** The games list as a visitor of `locale` gets it, one card's text per game. */
async function cards(locale: Locale) {
	const html = await container.renderToString(Games, {
		props: { locale },
		params: { locale: locale === 'en' ? undefined : locale },
	});
	return [...html.matchAll(/<li[^>]*data-game-name="([^"]+)"[\s\S]*?<\/li>/g)].map((m) => ({
		name: m[1],
		text: m[0].replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' '),
	}));
}

describe('the games list', () => {
	it('shows every game with its from price in the visitor’s currency', async () => {
		const shown = await cards('no');
		expect(shown).toHaveLength(games.length);
		expect(shown.every((card) => /fra .+ per måned/.test(card.text))).toBe(true);
	});

	it.each(['en', 'de'] as const)('prices Minecraft from its budget plan in %s', async (locale) => {
		const { currency, intl } = locales[locale];
		const price = formatMoney(findPlan('minecraft-budget')!.prices[currency].base, currency, intl);
		const minecraft = (await cards(locale)).find((card) => card.name === 'minecraft');
		expect(minecraft?.text).toContain(useTranslations(locale)('pricing.from', { price }));
	});
});
