import { useTranslations, type Locale, type UiKey } from '../../i18n';
import { upgradeLink } from '../../lib/minecraft-software/upgrade-link';
import { refusalResponse, type Refused, type ToolRefusal } from '../game-tools/refusals';
import { apiError, json } from '../http/api';
import type { ServerRefusal } from '../servers/owned';
import { serverRefusals } from '../servers/refusals';

// Why a software change was not begun, and how the API says it: `{ error: { code, message, … } }`
// with the message in the caller's language. Every refusal is decided before anything changes.

/** The modpack source's refusals (ModpackRefusedError's reasons), as the customer's codes. */
export const modpackRefusalCodes = {
	not_found: 'modpack_not_found',
	not_modpack: 'modpack_not_modpack',
	no_server_pack: 'modpack_no_server_pack',
	unsupported_loader: 'modpack_unsupported_loader',
	bad_pack: 'modpack_bad_pack',
} as const;
export type ModpackRefusalCode = (typeof modpackRefusalCodes)[keyof typeof modpackRefusalCodes];

type Simple =
	| 'not_minecraft'
	| 'install_running'
	| 'software_unknown'
	| 'no_modpack'
	| 'modpack_source_unavailable'
	| ModpackRefusalCode;

export type SoftwareRefusal =
	| ServerRefusal
	| Simple
	/** The extra is not bought: its upgrade, for this server. */
	| { code: 'modpack_extra_required'; serviceId: string }
	/** The pack recommends more RAM: the smallest the plan sells that fits (null: none does). */
	| {
			code: 'modpack_needs_ram';
			serviceId: string;
			recommendedRamGb: number;
			ramGb: number;
			fitsRamGb: number | null;
			maxRamGb: number;
	  }
	/** The backup made first was refused by the panel (its limit, all locked; too frequent). */
	| Refused;

const simple: Record<Simple, { status: number; message: UiKey }> = {
	not_minecraft: { status: 422, message: 'software.error.not_minecraft' },
	install_running: { status: 409, message: 'software.error.install_running' },
	software_unknown: { status: 400, message: 'software.error.software_unknown' },
	no_modpack: { status: 409, message: 'software.error.no_modpack' },
	modpack_source_unavailable: { status: 503, message: 'software.error.modpack_source_unavailable' },
	modpack_not_found: { status: 404, message: 'software.error.modpack_not_found' },
	modpack_not_modpack: { status: 422, message: 'software.error.modpack_not_modpack' },
	modpack_no_server_pack: { status: 422, message: 'software.error.modpack_no_server_pack' },
	modpack_unsupported_loader: { status: 422, message: 'software.error.modpack_unsupported_loader' },
	modpack_bad_pack: { status: 422, message: 'software.error.modpack_bad_pack' },
};

export function isSoftwareRefusal<T extends object>(
	result: T | SoftwareRefusal,
): result is SoftwareRefusal {
	return typeof result === 'string' || 'code' in result || 'refused' in result;
}

/** The refusal as the API answers it. */
export function softwareRefusalResponse(refusal: SoftwareRefusal, locale: Locale): Response {
	const t = useTranslations(locale);
	if (typeof refusal === 'string') {
		const { status, message } =
			refusal in simple ? simple[refusal as Simple] : serverRefusals[refusal as ServerRefusal];
		return apiError(status, refusal, message, locale);
	}
	if ('refused' in refusal) return refusalResponse(refusal satisfies ToolRefusal, locale);
	if (refusal.code === 'modpack_extra_required') {
		const upgradeUrl = upgradeLink(refusal.serviceId, locale, { extra: 'modpackInstallation' });
		const message = t('software.error.modpack_extra_required');
		return json(402, { error: { code: refusal.code, message, upgradeUrl } });
	}
	const { recommendedRamGb, ramGb, fitsRamGb, maxRamGb } = refusal;
	const message =
		fitsRamGb === null
			? t('software.error.modpack_needs_ram_max', { recommended: recommendedRamGb, max: maxRamGb })
			: t('software.error.modpack_needs_ram', { recommended: recommendedRamGb, ram: ramGb });
	const upgradeUrl =
		fitsRamGb === null ? null : upgradeLink(refusal.serviceId, locale, { ramGb: fitsRamGb });
	return json(422, { error: { code: refusal.code, message, recommendedRamGb, ramGb, upgradeUrl } });
}

/** A result or its refusal, as the API answers it (202: the change runs on in the background). */
export function softwareAnswer<T extends object>(
	result: T | SoftwareRefusal,
	locale: Locale,
): Response {
	return isSoftwareRefusal(result) ? softwareRefusalResponse(result, locale) : json(202, result);
}
