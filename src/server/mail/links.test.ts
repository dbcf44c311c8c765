import { beforeEach, describe, expect, it, vi } from 'vitest';
import { splitLocale } from '../../i18n';
import { isPagePath } from '../../lib/page-exists';
import { routes } from '../../lib/routes';
import type { MailMessage } from './types';
import { noticeKinds } from '../billing/run/notice-mail';

// Every kind of product mail, built as the product builds it, and every link in it: on the site's
// origin and naming a page that exists (a billing mail once linked to /panel/invoices, a 404).
// tests/e2e/mail-links.test.ts follows the links of mails really sent, on the built site.

const sent: MailMessage[] = [];
vi.mock('./index', () => ({
	getMailer: () => ({ send: (mail: MailMessage) => void sent.push(mail) }),
}));
vi.mock('../supabase/admin-client', () => ({
	adminClient: () => ({
		auth: {
			admin: {
				generateLink: () =>
					Promise.resolve({ data: { properties: { hashed_token: 'h4sh' } }, error: null }),
			},
		},
	}),
}));

const origin = 'https://shop.example';
const id = '0b6f7a52-1c3e-4f2a-9d7e-2a1b3c4d5e6f';
const to = 'kari@example.no';

/** A fake service-role client that owes one billing notice of each kind, with and without a number. */
function owingAdmin() {
	const notices = noticeKinds.flatMap((kind, i) =>
		[`INV-${i}`, null].map((number, j) => ({
			...{ id: i * 2 + j, kind, email: to, locale: ['en', 'no', 'da', 'de'][i % 4] },
			...{ plan_id: 'palworld-standard', number, total: 1000, currency: 'EUR' },
			due_at: '2027-03-01T12:00:00Z',
		})),
	);
	let given = false;
	const rpc = (name: string) => {
		if (name !== 'billing_notices_due') return Promise.resolve({ data: true, error: null });
		const data = given ? [] : notices;
		given = true;
		return Promise.resolve({ data, error: null });
	};
	return { rpc } as never;
}

async function everyMail(): Promise<MailMessage[]> {
	sent.length = 0;
	const checkout = await import('../provisioning/mails');
	const { staffReplyMail } = await import('../support/staff-reply');
	const { sendBillingNotices } = await import('../billing/run/notices');
	const { alertAccountOwner } = await import('../auth/guessing-alert');
	const order = { number: 'O-1', line: { description: 'Palworld' }, total: 1000, currency: 'EUR' };
	await checkout.sendOrderConfirmation(origin, to, 'de', { ...order, orderId: id });
	await checkout.sendServerReady(origin, to, 'no', { id, game: 'palworld' }, 'play.example:25565');
	await checkout.sendSetupDelayed(origin, to, 'da', { id });
	await checkout.sendPaymentGivenBack(origin, to, 'en', {
		number: 'I-1',
		amount: 5,
		currency: 'EUR',
	});
	sent.push(staffReplyMail({ ticket: id, subject: 'Lag', email: to, locale: 'de' }, 'Hi', origin));
	expect(await sendBillingNotices(owingAdmin(), origin)).toBe(noticeKinds.length * 2);
	const { sendTwoFactorMail } = await import('../mfa/mails');
	for (const event of ['on', 'off', 'recovery'] as const)
		await sendTwoFactorMail(origin, to, 'da', event, '203.0.113.9');
	const { vpsSecurityMail } = await import('../vps-panel/mails');
	const vps = { serviceId: id, hostname: 'web-1' };
	sent.push(
		vpsSecurityMail(
			to,
			'de',
			vps,
			{ kind: 'password_reset', user: 'root', applied: 'now' },
			'203.0.113.9',
			origin,
		),
		vpsSecurityMail(
			to,
			'no',
			vps,
			{ kind: 'reinstalled', image: 'Debian 12', user: 'root', withKeys: false },
			'203.0.113.9',
			origin,
		),
	);
	vi.stubEnv('PUBLIC_SITE_URL', origin);
	await alertAccountOwner(to, '203.0.113.9', 'no');
	vi.unstubAllEnvs();
	return sent;
}

/** The site paths a link leads to: its own, and where a sign-in link sends the visitor after. */
function pagesOf(href: string): string[] {
	const url = new URL(href);
	expect(url.origin, href).toBe(origin);
	const next = url.searchParams.get('next');
	if (url.pathname === '/auth/confirm' && next) return [next];
	return [url.pathname];
}

beforeEach(() => vi.resetModules());

describe('the links in product mail', () => {
	it('lead to pages of the site, in HTML and text alike', async () => {
		const mails = await everyMail();
		expect(mails.length).toBe(11 + noticeKinds.length * 2);
		const missing: string[] = [];
		for (const mail of mails) {
			const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) =>
				m[1]!.replace(/&amp;/g, '&'),
			);
			expect(links.length, mail.subject).toBeGreaterThan(0);
			for (const link of links) {
				expect(mail.text).toContain(link);
				for (const path of pagesOf(link))
					if (!isPagePath(splitLocale(path).path)) missing.push(`${mail.subject}: ${link}`);
			}
		}
		expect(missing).toEqual([]);
	});

	it('are each a page, every route other code links to', () => {
		const paths = Object.values(routes).map((route) =>
			typeof route === 'string' ? route : route(id),
		);
		expect(paths.filter((path) => !isPagePath(path))).toEqual([]);
		expect(isPagePath('/panel/invoices')).toBe(false);
	});
});
