import { useTranslations, type Locale, type UiKey } from '../../i18n';
import {
	GamePanelNotFoundError,
	GamePanelRateLimitedError,
	GamePanelRefusedError,
	type PanelRefusal,
} from '../game-panel';
import { apiError, json } from '../http/api';
import { panelRefusal, type ServerRefusal } from '../servers/owned';
import { serverRefusals } from '../servers/refusals';

/** What the panel refused, for a reason the customer can act on (and the plan's limit, if any). */
export interface Refused {
	refused: PanelRefusal;
	limit?: number;
}

/**
 * Why a backup or file action was not done: the server's door, a backup id the panel does not
 * know (for this server), or the panel's reason.
 */
export type ToolRefusal = ServerRefusal | 'backup_not_found' | Refused;

const ownRefusals: Record<'backup_not_found', { status: number; message: UiKey }> = {
	backup_not_found: { status: 404, message: 'gameBackups.error.not_found' },
};

/** Each reason's HTTP status and words (`{limit}` in backup_limit's), in all four languages. */
export const panelRefusalAnswers: Record<PanelRefusal, { status: number; message: UiKey }> = {
	backup_limit: { status: 409, message: 'gameServer.refusal.backup_limit' },
	backup_locked: { status: 409, message: 'gameServer.refusal.backup_locked' },
	backups_too_frequent: { status: 429, message: 'gameServer.refusal.backups_too_frequent' },
	backup_not_restorable: { status: 409, message: 'gameServer.refusal.backup_not_restorable' },
	path_outside_root: { status: 400, message: 'gameServer.refusal.path_outside_root' },
	file_not_found: { status: 404, message: 'gameServer.refusal.file_not_found' },
	file_too_large: { status: 413, message: 'gameServer.refusal.file_too_large' },
	file_not_text: { status: 415, message: 'gameServer.refusal.file_not_text' },
	not_a_folder: { status: 400, message: 'gameServer.refusal.not_a_folder' },
	name_taken: { status: 409, message: 'gameServer.refusal.name_taken' },
	server_not_running: { status: 409, message: 'gameServer.refusal.server_not_running' },
	not_minecraft: { status: 422, message: 'gameServer.refusal.not_minecraft' },
};

/**
 * A failed panel call as the customer's refusal: the panel's reason when it gave one, the panel
 * being busy (its own rate limit: retrying later helps) as unavailable, else the servers' rule.
 */
export function toolRefusal(error: unknown, about: 'backup' | 'server' = 'server'): ToolRefusal {
	// The server was found a moment ago: a backup call's "not found" is about the backup.
	if (about === 'backup' && error instanceof GamePanelNotFoundError) return 'backup_not_found';
	if (error instanceof GamePanelRefusedError)
		return error.limit === undefined
			? { refused: error.reason }
			: { refused: error.reason, limit: error.limit };
	if (error instanceof GamePanelRateLimitedError) return 'panel_unavailable';
	return panelRefusal(error);
}

/** The refusal as the API answers it: `{ error: { code, message, limit? } }`. */
export function refusalResponse(refusal: ToolRefusal, locale: Locale): Response {
	if (typeof refusal === 'string') {
		const { status, message } =
			refusal === 'backup_not_found' ? ownRefusals[refusal] : serverRefusals[refusal];
		return apiError(status, refusal, message, locale);
	}
	const { status, message } = panelRefusalAnswers[refusal.refused];
	const text = useTranslations(locale)(message, { limit: refusal.limit ?? 0 });
	const error = { code: refusal.refused, message: text, ...limitOf(refusal) };
	return json(status, { error });
}

const limitOf = (refusal: Refused) => (refusal.limit === undefined ? {} : { limit: refusal.limit });

/** Results are objects without a `refused` field, so a refusal is told apart by its shape. */
export function isRefusal<T extends object>(result: T | ToolRefusal): result is ToolRefusal {
	return typeof result === 'string' || 'refused' in result;
}

/** A result or its refusal, as the API answers it. */
export function toolAnswer<T extends object>(
	result: T | ToolRefusal,
	locale: Locale,
	status = 200,
): Response {
	return isRefusal(result) ? refusalResponse(result, locale) : json(status, result);
}
