import { localizePath } from '../../i18n/paths';
import type { Locale } from '../../i18n/locales';
import type { Plan } from '../catalogue';
import { routes } from '../routes';

// Where a refused install sends the customer: the server's upgrade page with what the install
// needs already chosen (the paid extra, or the RAM a pack recommends). The upgrade page reads the
// same query names back (`upgradePreselection`), so a link and its reader cannot drift apart.

export const upgradeQuery = { extra: 'extra', ram: 'ram' } as const;

export interface UpgradePreselection {
	/** The catalogue extra to tick, e.g. `modpackInstallation`. */
	extra?: 'modpackInstallation';
	/** The RAM to choose, in GB. */
	ramGb?: number;
}

/** `/no/panel/game-servers/upgrade/{id}?extra=modpackInstallation`, in the reader's language. */
export function upgradeLink(serviceId: string, locale: Locale, want: UpgradePreselection): string {
	return localizePath(upgradePath(serviceId, want), locale);
}

/** The same, locale-free (the panel's islands put their own prefix in front). */
export function upgradePath(serviceId: string, want: UpgradePreselection): string {
	const query = new URLSearchParams();
	if (want.extra) query.set(upgradeQuery.extra, want.extra);
	if (want.ramGb !== undefined) query.set(upgradeQuery.ram, String(want.ramGb));
	const path = routes.serverUpgrade(serviceId);
	return query.size ? `${path}?${query}` : path;
}

/** What an upgrade page's address asks to preselect; anything else in it is ignored. */
export function upgradePreselection(search: URLSearchParams): UpgradePreselection {
	const extra = search.get(upgradeQuery.extra);
	const ram = Number(search.get(upgradeQuery.ram));
	return {
		...(extra === 'modpackInstallation' ? { extra } : {}),
		...(Number.isInteger(ram) && ram > 0 ? { ramGb: ram } : {}),
	};
}

/**
 * The smallest RAM the plan sells that is at least `recommendedGb` (its steps from its starting
 * RAM, up to its maximum); null when even the largest is less.
 */
export function ramThatFits(
	plan: Pick<Plan, 'startingRam' | 'maxRam' | 'ramStep'>,
	recommendedGb: number,
): number | null {
	if (recommendedGb <= plan.startingRam) return plan.startingRam;
	const steps = Math.ceil((recommendedGb - plan.startingRam) / plan.ramStep);
	const ram = plan.startingRam + steps * plan.ramStep;
	return ram <= plan.maxRam ? ram : null;
}
