import type { Page } from '@playwright/test';
import en from '../../src/i18n/ui/en.json' with { type: 'json' };

// A UI string whose key is missing renders as the key itself (the panel's t() falls back to it),
// so visible text holding an exact key of en.json is a string the visitor cannot read. Plural
// families are also looked up by their base name, as the code asks for them.
const keys = new Set(
	Object.keys(en).flatMap((key) => [key, key.replace(/_(zero|one|two|few|many|other)$/, '')]),
);

/** Words shaped like a key (two or more dotted parts); only exact keys of en.json count. */
const keyShaped = /\b[a-z][a-zA-Z]*(?:\.[a-zA-Z][a-zA-Z_]*)+\b/g;

export function rawKeysIn(text: string): string[] {
	return [...new Set(text.match(keyShaped) ?? [])].filter((word) => keys.has(word));
}

/** The raw keys in the page's visible text now; none when the page is gone or not HTML. */
export async function rawKeysOnPage(page: Page): Promise<string[]> {
	if (page.isClosed()) return [];
	const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
	return rawKeysIn(text);
}
