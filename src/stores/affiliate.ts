import { atom } from 'nanostores';
import { localizePath } from '../i18n/paths';
import type { Locale } from '../i18n/locales';
import { referralParam } from '../lib/affiliate/referral';
import type { AffiliateBalance, AffiliateView } from '../lib/panel/affiliate';
import { minorPerMajor } from '../lib/money';
import { policy } from '../lib/policy';
import { panelResource, postJson } from './panel-fetch';

// The affiliate programme in the panel: one read (joined or not), and two writes, joining and
// asking for a payout. Each write answers in the customer's language and the page is read again
// after it, so the code, balances and payouts shown are always what the server holds.

/** The page of a customer who has joined. */
export type JoinedAffiliate = Extract<AffiliateView, { joined: true }>;

const page = panelResource<AffiliateView>();
export const $affiliate = page.$data;

export type AffiliateForm = 'join' | 'payout';

/** Which write is under way, so its button waits for it. */
export const $affiliateBusy = atom<AffiliateForm | null>(null);
/** The outcome of the last write, shown by the form that made it. */
export const $affiliateNotice = atom<{
	form: AffiliateForm;
	kind: 'success' | 'error';
	text: string;
} | null>(null);

const readUrl = (locale: string) => `/api/panel/affiliate?locale=${encodeURIComponent(locale)}`;

export const loadAffiliate = (locale: string, fallback: string, fetcher?: typeof fetch) =>
	page.load(readUrl(locale), fallback, fetcher);

/** A write, its outcome in `$affiliateNotice`, then the page read again; true when taken. */
async function write(
	form: AffiliateForm,
	url: string,
	body: Record<string, unknown> & { locale: string },
	messages: { success: string; fallback: string },
	fetcher?: typeof fetch,
): Promise<boolean> {
	if ($affiliateBusy.get()) return false;
	$affiliateBusy.set(form);
	$affiliateNotice.set(null);
	const answer = await postJson(url, body, messages.fallback, fetcher);
	$affiliateNotice.set(
		answer.ok
			? { form, kind: 'success', text: messages.success }
			: { form, kind: 'error', text: answer.message },
	);
	// Also after a refusal: "not an affiliate" or "below the minimum" mean the page is out of date.
	await page.load(readUrl(body.locale), messages.fallback, fetcher);
	$affiliateBusy.set(null);
	return answer.ok;
}

type Messages = { success: string; fallback: string };

/** Joins the programme; the server refuses unless the terms were accepted. */
export const join = (
	acceptTerms: boolean,
	locale: string,
	messages: Messages,
	fetcher?: typeof fetch,
) => write('join', '/api/affiliate/join', { acceptTerms, locale }, messages, fetcher);

/** Asks for the whole available balance in `currency`, paid to `details` (IBAN or PayPal). */
export const requestPayout = (
	currency: string,
	details: string,
	locale: string,
	messages: Messages,
	fetcher?: typeof fetch,
) =>
	write(
		'payout',
		'/api/affiliate/payouts',
		{ currency, details: details.trim(), locale },
		messages,
		fetcher,
	);

/** The programme's own minimum for a currency (the database's table holds the same figures). */
const policyMinimum = (currency: string) =>
	(currency === 'EUR' || currency === 'USD'
		? policy.affiliate.payoutMinimumEuro
		: policy.affiliate.payoutMinimumKroner) * minorPerMajor;

/** The balances to show: the server's, or zeros in the locale's currency before any commission. */
export function shownBalances(balances: AffiliateBalance[], currency: string): AffiliateBalance[] {
	if (balances.length) return balances;
	return [
		{ currency, pending: 0, available: 0, paidOut: 0, minimumPayout: policyMinimum(currency) },
	];
}

/** The currencies a payout can be asked for in: something available, at least the minimum. */
export const payoutCurrencies = (balances: AffiliateBalance[]) =>
	balances.filter((b) => b.available > 0 && b.available >= b.minimumPayout);

export type ReferralLinkKind = 'home' | 'game' | 'vps';

/** The code on the home page, a game page and the VPS page, in the page's language. */
export function referralLinks(
	origin: string,
	code: string,
	locale: Locale,
): { kind: ReferralLinkKind; url: string }[] {
	const pages: [ReferralLinkKind, string][] = [
		['home', '/'],
		['game', '/minecraft-server-hosting'],
		['vps', '/vps-hosting'],
	];
	const query = `?${referralParam}=${encodeURIComponent(code)}`;
	return pages.map(([kind, path]) => ({
		kind,
		url: `${origin}${localizePath(path, locale)}${query}`,
	}));
}
