import type { APIRoute } from 'astro';
import { z } from 'zod';
import { useTranslations } from '~/i18n';
import { isGamePowerAction, isVpsPowerAction, powerActionsFor } from '~/lib/domain/power';
import { apiError, json, tooManyRequests } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { powerServer } from '~/server/servers/actions';
import { serviceKind } from '~/server/servers/queries';
import { serverRefusals } from '~/server/servers/refusals';
import { powerVps } from '~/server/vps-panel/actions';
import { accessTokenOf, vpsAnswer } from '~/server/vps-panel/door';

export const prerender = false;

// One body for both kinds: `{ action }`. `{ signal }`, the game server's word before both kinds
// shared one, is still read for a release (docs/panel.md).
const word = z.string().max(32);
const body = z
	.object({ action: word.optional(), signal: word.optional(), locale: z.string().optional() })
	.refine((b) => b.action !== undefined || b.signal !== undefined);

/**
 * POST /api/services/{id}/power: a game server's start, stop, restart or kill, or a VPS's start,
 * shutdown, stop, reboot or reset; answers the state right after. A word the server's kind does
 * not take is a 422 naming the words it does.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body }, async (r) => {
		const id = context.params.id ?? '';
		const action = r.body.action ?? r.body.signal;
		const kind = await serviceKind(r.admin, r.customer.id, id);
		if (!kind) return apiError(404, 'not_found', serverRefusals.not_found.message, r.locale);
		const allowed = powerActionsFor[kind];
		if (kind === 'vps' && isVpsPowerAction(action)) {
			const caller = { customer: r.customer, accessToken: await accessTokenOf(context) };
			return vpsAnswer(await powerVps(r.admin, caller, id, action), r.locale);
		}
		if (kind === 'game' && isGamePowerAction(action)) {
			const verdict = await limits.serverActionsPerAccount.hit(r.customer.id);
			if (!verdict.ok) return tooManyRequests(verdict, r.locale);
			const result = await powerServer(r.admin, r.customer, id, action);
			if (typeof result !== 'string') return json(200, result);
			const { status, message } = serverRefusals[result];
			return apiError(status, result, message, r.locale);
		}
		const message = useTranslations(r.locale)(`servers.error.power_words_${kind}`, {
			words: allowed.join(', '),
		});
		return json(422, { error: { code: 'power_action_not_for_kind', message, allowed } });
	});
