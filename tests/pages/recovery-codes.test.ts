import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import RecoveryCodes from '../../src/components/panel/security/RecoveryCodes.astro';
import { localeCodes, useTranslations } from '../../src/i18n';

// The recovery codes, shown once: besides the list, a text file to download (a link, working
// without JavaScript) and a copy button, each named in the page's language.

const container = await AstroContainer.create();
const codes = ['ABCDE-FGHJK', 'MNPQR-STUVW', '23456-789AB'];

const unescape = (text: string) =>
	text
		.replace(/&amp;/g, '&')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'");

describe.each(localeCodes)('the recovery codes in %s', (locale) => {
	const t = useTranslations(locale);

	it('download as a named .txt file holding every code and the account', async () => {
		const html = await container.renderToString(RecoveryCodes, {
			props: { locale, codes, message: 'mfa.turnedOn', account: 'kari@example.com' },
		});
		const link = /<a[^>]*data-download-codes[^>]*>([\s\S]*?)<\/a>/.exec(html);
		expect(link?.[1]?.trim()).toBe(t('mfa.codes.download'));
		expect(link?.[0]).toContain(`download="${t('mfa.codes.fileName')}"`);
		expect(t('mfa.codes.fileName')).toMatch(/^frostnode-[a-z-]+\.txt$/);
		const href = unescape(/href="([^"]*)"/.exec(link?.[0] ?? '')?.[1] ?? '');
		expect(href).toMatch(/^data:text\/plain;charset=utf-8,/);
		const file = decodeURIComponent(href.slice(href.indexOf(',') + 1));
		expect(file).toContain(t('mfa.codes.heading'));
		expect(file).toContain('kari@example.com');
		for (const code of codes) expect(file.split('\n')).toContain(code);
	});

	it('offer a copy button, with a status that says whether it worked', async () => {
		const html = await container.renderToString(RecoveryCodes, {
			props: { locale, codes, message: 'mfa.turnedOn', account: 'kari@example.com' },
		});
		expect(html).toMatch(
			new RegExp(
				`<button type="button"[^>]*data-copy-codes[^>]*>\\s*${t('mfa.codes.copy')}\\s*</button>`,
			),
		);
		expect(html).toContain(`data-copied="${t('mfa.codes.copied')}"`);
		expect(html).toMatch(/<span role="status"[^>]*data-copy-status/);
	});
});
