import { z } from 'zod';
import type { PterodactylConfig } from './config';
import { GamePanelError, GamePanelUnavailableError } from './errors';
import { createPanelHttp, type PanelApi, type PanelHttpOptions } from './pterodactyl-http';

// The readiness check's question to the panel: do both APIs answer, and does each take its key?
// One page of one item from each (locations needs only the read the application key has anyway;
// the client API's server list needs nothing), cut short at 3 s rather than the adapter's 15, so a
// hung panel shows within the check's budget.

const probeTimeoutMs = 3_000;

const pageSchema = z.object({ object: z.literal('list'), data: z.array(z.unknown()) });

const reads: { api: PanelApi; path: string; key: string }[] = [
	{ api: 'application', path: '/locations?per_page=1', key: 'PTERODACTYL_APPLICATION_KEY' },
	{ api: 'client', path: '?per_page=1', key: 'PTERODACTYL_CLIENT_KEY' },
];

/** The system's reason under fetch's bare "fetch failed" (ECONNREFUSED, ENOTFOUND), if any. */
function systemCode(error: unknown): string | undefined {
	for (let cause = error; cause instanceof Error; cause = cause.cause) {
		const code = 'code' in cause ? cause.code : undefined;
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
	}
	return undefined;
}

function describe(error: unknown, api: PanelApi, key: string): string {
	const message = error instanceof Error ? error.message : 'failed';
	const status = error instanceof GamePanelError ? error.status : undefined;
	// The panel's messages name the path, never the key: say which key a 401/403 was about.
	if (status === 401 || status === 403) return `${api} API: ${message} (check ${key})`;
	const code = systemCode(error);
	return `${api} API: ${message}${code && !message.includes(code) ? ` (${code})` : ''}`;
}

export function createPterodactylProbe(
	config: Pick<PterodactylConfig, 'url' | 'applicationKey' | 'clientKey'>,
	options: PanelHttpOptions = {},
): () => Promise<void> {
	const timeoutMs = Math.min(options.timeoutMs ?? probeTimeoutMs, probeTimeoutMs);
	const http = createPanelHttp(config, { ...options, timeoutMs });
	return async () => {
		const answers = await Promise.all(
			reads.map((read) =>
				http.get(read.api, read.path, pageSchema).then(
					() => null,
					(error: unknown) => ({ error, read }),
				),
			),
		);
		const failed = answers.filter((answer) => answer !== null);
		const [first] = failed;
		if (!first) return;
		const message = failed.map(({ error, read }) => describe(error, read.api, read.key)).join('; ');
		// Retryable when the panel could not be reached at all; a refused key waits for an operator.
		if (failed.some(({ error }) => error instanceof GamePanelUnavailableError))
			throw new GamePanelUnavailableError(message);
		throw new GamePanelError(message, {
			status: first.error instanceof GamePanelError ? first.error.status : undefined,
		});
	};
}
