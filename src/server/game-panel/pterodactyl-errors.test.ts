import { describe, expect, it } from 'vitest';
import {
	GamePanelConflictError,
	GamePanelError,
	GamePanelNotFoundError,
	GamePanelRateLimitedError,
	GamePanelRefusedError,
	GamePanelUnavailableError,
	GamePanelValidationError,
} from './errors';
import { errorFromResponse, retryAfterSeconds } from './pterodactyl-errors';

const none = new Headers();
const panelError = (code: string, status: number, detail: string) => ({
	errors: [{ code, status: String(status), detail }],
});

describe('errorFromResponse', () => {
	it('maps 422 to field messages with the rule', () => {
		const error = errorFromResponse(
			422,
			{
				errors: [
					{
						code: 'ValidationException',
						status: '422',
						detail: 'The limits.memory field is required.',
						meta: { source_field: 'limits.memory', rule: 'required' },
					},
					{
						code: 'ValidationException',
						status: '422',
						detail: 'The external id has already been taken.',
						meta: { source_field: 'external_id', rule: 'unique' },
					},
				],
			},
			none,
		);
		expect(error).toBeInstanceOf(GamePanelValidationError);
		expect((error as GamePanelValidationError).fields).toEqual({
			'limits.memory': ['The limits.memory field is required.'],
			external_id: ['The external id has already been taken.'],
		});
		expect((error as GamePanelValidationError).issues[1]?.rule).toBe('unique');
		expect(error.retryable).toBe(false);
	});

	it('maps by status, retrying only 429 and 5xx', () => {
		const cases = [
			[404, GamePanelNotFoundError, false],
			[409, GamePanelConflictError, false],
			[429, GamePanelRateLimitedError, true],
			[500, GamePanelUnavailableError, true],
			[502, GamePanelUnavailableError, true],
			[504, GamePanelUnavailableError, true],
			[400, GamePanelError, false],
			[403, GamePanelError, false],
		] as const;
		for (const [status, type, retryable] of cases) {
			const error = errorFromResponse(status, panelError('SomeException', status, 'x'), none);
			expect(error, String(status)).toBeInstanceOf(type);
			expect(error.retryable, String(status)).toBe(retryable);
			expect(error.status).toBe(status);
		}
	});

	it('keeps the code and a short detail for the log, whatever the body', () => {
		const error = errorFromResponse(
			400,
			panelError('NoViableNodeException', 400, 'y'.repeat(5000)),
			none,
		);
		expect(error.code).toBe('NoViableNodeException');
		expect(error.message.length).toBeLessThan(400);
		expect(errorFromResponse(502, '<html>Bad gateway</html>', none).message).toMatch(/502/);
	});
});

describe('retryAfterSeconds', () => {
	const now = Date.parse('2026-01-01T12:00:00Z');

	it('reads seconds, an HTTP date, or the reset time, else a minute', () => {
		expect(retryAfterSeconds(new Headers({ 'Retry-After': '17' }), now)).toBe(17);
		expect(
			retryAfterSeconds(new Headers({ 'Retry-After': 'Thu, 01 Jan 2026 12:00:30 GMT' }), now),
		).toBe(30);
		expect(
			retryAfterSeconds(new Headers({ 'X-RateLimit-Reset': String(now / 1000 + 42) }), now),
		).toBe(42);
		expect(retryAfterSeconds(none, now)).toBe(60);
		expect(retryAfterSeconds(new Headers({ 'Retry-After': '0' }), now)).toBe(1);
	});
});

describe('errorFromResponse: what the customer can act on', () => {
	const refused = (status: number, code: string, detail: string) =>
		errorFromResponse(status, panelError(code, status, detail), none);

	it('names backup and file refusals by the exception class', () => {
		const limit = refused(
			400,
			'TooManyBackupsException',
			'Cannot create a new backup, this server has reached its limit of 3 backups.',
		);
		expect(limit).toBeInstanceOf(GamePanelRefusedError);
		expect(limit).toMatchObject({ reason: 'backup_limit', status: 400 });
		expect(
			refused(400, 'BackupLockedException', 'Cannot delete a backup that is marked as locked.'),
		).toMatchObject({ reason: 'backup_locked' });
		expect(
			refused(
				400,
				'FileSizeTooLargeException',
				'The file you are attempting to open is too large to view in the file editor.',
			),
		).toMatchObject({ reason: 'file_too_large' });
	});

	it('tells the backup throttle from the rate limit, which stays retryable', () => {
		const throttled = refused(
			429,
			'TooManyRequestsHttpException',
			'Only 2 backups may be generated within a 600 second span of time.',
		);
		expect(throttled).toMatchObject({ reason: 'backups_too_frequent', retryable: false });
		for (const code of ['ThrottleRequestsException', 'TooManyRequestsHttpException'])
			expect(refused(429, code, 'Too Many Attempts.')).toBeInstanceOf(GamePanelRateLimitedError);
	});
});
