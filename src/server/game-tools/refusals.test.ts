import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n';
import { localeCodes } from '../../i18n/locales';
import { GamePanelConflictError, GamePanelRefusedError, panelRefusals } from '../game-panel';
import { GamePanelNotFoundError, GamePanelRateLimitedError } from '../game-panel/errors';
import { panelRefusalAnswers, refusalResponse, toolRefusal } from './refusals';

describe("the panel's refusals in the customer's words", () => {
	it('gives every reason a message in all four languages', () => {
		for (const reason of panelRefusals) {
			const key = `gameServer.refusal.${reason}`;
			expect(panelRefusalAnswers[reason].message).toBe(key);
			for (const locale of localeCodes) expect(dictionaries[locale][key], locale).toBeTruthy();
		}
	});

	it('says the limit when a backup is over it', async () => {
		const refused = toolRefusal(
			new GamePanelRefusedError('backup_limit', 'limit of 3', { status: 400, limit: 3 }),
		);
		expect(refused).toEqual({ refused: 'backup_limit', limit: 3 });
		const answer = refusalResponse(refused, 'de');
		expect(answer.status).toBe(409);
		const body = (await answer.json()) as {
			error: { code: string; message: string; limit: number };
		};
		expect(body.error).toMatchObject({ code: 'backup_limit', limit: 3 });
		expect(body.error.message).toContain('3 Sicherungen');
	});

	it('tells a missing backup from a missing server, and a busy panel from a refusal', () => {
		expect(toolRefusal(new GamePanelNotFoundError('gone'), 'backup')).toBe('backup_not_found');
		expect(toolRefusal(new GamePanelNotFoundError('gone'))).toBe('not_on_panel');
		expect(toolRefusal(new GamePanelConflictError('installing'))).toBe('panel_refused');
		expect(toolRefusal(new GamePanelRateLimitedError(30))).toBe('panel_unavailable');
	});
});
