import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionaries, localeCodes } from '../../i18n';
import type { MailMessage } from '../mail/types';
import { sendTwoFactorMail, type TwoFactorEvent } from './mails';

// The three two-factor mails, in each of the site's languages: what changed, from where, a link
// to the Security tab in that language, and what to do if it was not the customer.

const sent: MailMessage[] = [];
vi.mock('../mail/index', () => ({
	getMailer: () => ({ send: (mail: MailMessage) => void sent.push(mail) }),
}));
beforeEach(() => (sent.length = 0));

const events: TwoFactorEvent[] = ['on', 'off', 'recovery'];

describe.each(localeCodes)('two-factor mails in %s', (locale) => {
	it.each(events)('%s: its subject, the address, the Security tab', async (event) => {
		expect(
			await sendTwoFactorMail(
				'https://shop.example',
				'kari@example.no',
				locale,
				event,
				'198.51.100.7',
			),
		).toBe(true);
		const [mail] = sent;
		expect(mail?.to).toBe('kari@example.no');
		expect(mail?.subject).toBe(dictionaries[locale][`mail.mfa.${event}.subject`]);
		expect(mail?.text).toContain('198.51.100.7');
		expect(mail?.text).toContain(dictionaries[locale]['mail.mfa.notYou']);
		const prefix = locale === 'en' ? '' : `/${locale}`;
		expect(mail?.html).toContain(`href="https://shop.example${prefix}/panel/account/security"`);
	});
});

it('says something different for each event', async () => {
	for (const event of events)
		await sendTwoFactorMail('https://shop.example', 'a@b.example', 'en', event, '::1');
	expect(new Set(sent.map((mail) => mail.text)).size).toBe(3);
});
