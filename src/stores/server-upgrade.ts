import { atom } from 'nanostores';
import { extrasForPlan, type Plan } from '../lib/catalogue';
import type { UpgradePreselection } from '../lib/minecraft-software/upgrade-link';
import type { ServerDetail } from '../lib/panel/types';
import { routes } from '../lib/routes';
import { postJson } from './panel-fetch';
import type { PaymentMethodKind } from '../lib/domain/payment-method';

// The upgrade page: the server's own quote for a bigger size (asked again on every change, the
// browser never prices it), then the order, which leads to the upgrade's payment page.

export interface UpgradeChoice {
	ram: number;
	storageGb: number | null;
	extras: string[];
}

type Sized = Pick<ServerDetail, 'type' | 'ramGb' | 'storageGb' | 'extras'>;

/** Whether `plan` offers `ram` GB (its range, in its steps). */
const offersRam = (plan: Plan, ram: number) =>
	ram >= plan.startingRam && ram <= plan.maxRam && (ram - plan.startingRam) % plan.ramStep === 0;

/**
 * Where the page starts: the size the server has, with what a link wished for when the plan
 * offers it (the modpack extra, more RAM; nothing smaller, nothing the plan lacks). A VPS's disk
 * is not chosen, it comes with its memory (`vpsSpecs`), so its choice names no storage: the
 * catalogue offers a VPS none.
 */
export function startingChoice(
	server: Sized,
	wish: UpgradePreselection = {},
	plan?: Plan,
): UpgradeChoice {
	const modpack =
		server.extras.modpackInstallation ||
		(wish.extra === 'modpackInstallation' &&
			!!plan &&
			extrasForPlan(plan).some((extra) => extra.id === 'modpackInstallation'));
	const ram =
		wish.ramGb && plan && wish.ramGb > server.ramGb && offersRam(plan, wish.ramGb)
			? wish.ramGb
			: server.ramGb;
	return {
		ram,
		storageGb: server.type === 'vps' ? null : server.storageGb,
		extras: [
			...(modpack ? ['modpackInstallation'] : []),
			...(server.extras.subdomainExtra ? ['subDomain'] : []),
		],
	};
}

/** Whether `choice` is the size the server already has (no storage named keeps its storage). */
export function sameSize(choice: UpgradeChoice, server: Sized): boolean {
	return (
		choice.ram === server.ramGb &&
		(choice.storageGb ?? server.storageGb) === server.storageGb &&
		choice.extras.includes('modpackInstallation') === server.extras.modpackInstallation
	);
}

export interface UpgradeQuote {
	daysLeft: number;
	daysInPeriod: number;
	net: number;
	tax: number;
	total: number;
	taxPercent: number;
	currency: string;
	oldAmount: number;
	newAmount: number;
}

export const $quote = atom<
	| { state: 'idle' | 'loading' }
	| { state: 'ready'; quote: UpgradeQuote }
	| { state: 'error'; message: string }
>({ state: 'idle' });
export const $ordering = atom<{ busy: boolean; error: string | null }>({
	busy: false,
	error: null,
});

let latest = 0;

/**
 * Asks the server what `choice` costs. The page also asks for the size the server already has
 * (`unchanged`), so a refusal that blocks every upgrade (an unpaid invoice, not active) shows at
 * once; that it is no upgrade is no error then, since the customer has not chosen anything yet.
 */
export async function quoteUpgrade(
	serviceId: string,
	choice: UpgradeChoice,
	locale: string,
	fallback: string,
	{ unchanged = false, fetcher = fetch }: { unchanged?: boolean; fetcher?: typeof fetch } = {},
) {
	const ticket = ++latest;
	$quote.set({ state: 'loading' });
	const answer = await postJson<UpgradeQuote>(
		`/api/services/${encodeURIComponent(serviceId)}/upgrade/quote`,
		{ ...choice, locale },
		fallback,
		fetcher,
	);
	if (ticket !== latest) return; // overtaken by a newer choice
	if (answer.ok) $quote.set({ state: 'ready', quote: answer.data });
	else if (unchanged && answer.code === 'not_an_upgrade') $quote.set({ state: 'idle' });
	else $quote.set({ state: 'error', message: answer.message });
}

/** Orders the upgrade and goes to its payment page (which also shows a free one as applied). */
export async function orderUpgrade(
	serviceId: string,
	choice: UpgradeChoice,
	method: PaymentMethodKind,
	context: { locale: string; prefix: string; fallback: string },
) {
	if ($ordering.get().busy) return;
	$ordering.set({ busy: true, error: null });
	const answer = await postJson<{ upgradeId: string }>(
		`/api/services/${encodeURIComponent(serviceId)}/upgrade`,
		{ ...choice, method, locale: context.locale },
		context.fallback,
	);
	if (answer.ok) {
		window.location.assign(`${context.prefix}${routes.upgradePayment(answer.data.upgradeId)}`);
		return;
	}
	$ordering.set({ busy: false, error: answer.message });
}
