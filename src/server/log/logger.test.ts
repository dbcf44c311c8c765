import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, withRequestId } from './logger';

function captured(work: () => void): Record<string, unknown>[] {
	const lines: string[] = [];
	const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
		lines.push(String(chunk));
		return true;
	});
	try {
		work();
	} finally {
		spy.mockRestore();
	}
	return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => vi.unstubAllEnvs());

describe('logger', () => {
	it('writes one JSON line with time, level, message and fields', () => {
		const [line] = captured(() => logger.info('order placed', { orderId: 'o-1', total: 1250 }));
		expect(line).toMatchObject({ level: 'info', msg: 'order placed', orderId: 'o-1', total: 1250 });
		expect(Date.parse(String(line?.time))).not.toBeNaN();
	});

	it('carries the request id of the request being served, however deep', async () => {
		const lines = captured(() => {
			withRequestId('req-42', () => logger.info('inside'));
			logger.info('outside');
		});
		expect(lines[0]?.requestId).toBe('req-42');
		expect(lines[1]).not.toHaveProperty('requestId');
		const later = await withRequestId('req-43', async () => {
			await new Promise((resolve) => setTimeout(resolve, 1));
			return captured(() => logger.warn('after a wait'));
		});
		expect(later[0]?.requestId).toBe('req-43');
	});

	it('never writes a password, token, key or card detail', () => {
		const [line] = captured(() =>
			logger.error(
				'Stripe said no to sk_live_abc123 with eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig',
				{
					password: 'hunter2hunter2',
					nested: {
						access_token: 'x',
						refresh_token: 'y',
						authorization: 'Bearer z',
						cardNumber: '4242',
					},
					url: 'smtps://mailer:s3cret@smtp.example:465',
					error: new Error('bad key ptla_0123456789'),
					keys: ['whsec_abc', 'sb_secret_abc-def'],
				},
			),
		);
		const text = JSON.stringify(line);
		for (const secret of [
			'sk_live_abc123',
			'eyJhbGci',
			'hunter2',
			'Bearer z',
			'4242',
			's3cret',
			'ptla_0123',
			'whsec_abc',
			'sb_secret_abc',
		])
			expect(text).not.toContain(secret);
		expect(line?.nested).toMatchObject({ access_token: '[redacted]' });
		expect(line?.error).toMatchObject({ name: 'Error', message: 'bad key [redacted]' });
	});

	it('leaves out lines below LOG_LEVEL', () => {
		vi.stubEnv('LOG_LEVEL', 'warn');
		const lines = captured(() => {
			logger.info('quiet');
			logger.debug('quieter');
			logger.warn('heard');
		});
		expect(lines.map((line) => line.msg)).toEqual(['heard']);
	});
});
