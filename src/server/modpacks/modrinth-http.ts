import type { z } from 'zod';
import type { ModrinthConfig } from './config';
import { ModpackError, ModpackUnavailableError } from './errors';
import { retryAfterMs, type CallBudget } from './modrinth-budget';
import { errorSchema } from './modrinth-schemas';

// One call to Modrinth: our User-Agent on every request (Modrinth blocks anonymous and
// library-only agents), within the call budget, with a timeout, its answer checked by a schema.
// A 404 is null whatever its body (v2 answers unknown projects and versions with an empty one).

const API_TIMEOUT_MS = 10_000;
const DOWNLOAD_TIMEOUT_MS = 60_000;

export type Download =
	{ kind: 'ok'; bytes: Uint8Array } | { kind: 'missing' } | { kind: 'too_large' };

export function createModrinthHttp(config: ModrinthConfig, budget: CallBudget) {
	async function send(url: string, timeoutMs: number): Promise<Response> {
		try {
			return await fetch(url, {
				headers: { 'User-Agent': config.userAgent, Accept: 'application/json' },
				signal: AbortSignal.timeout(timeoutMs),
			});
		} catch (error) {
			throw new ModpackUnavailableError(`Modrinth could not be reached (${url})`, { cause: error });
		}
	}

	async function refuse(response: Response): Promise<never> {
		const body = await response.text().catch(() => '');
		const said = errorSchema.safeParse(safeJson(body));
		const what = said.success
			? `${said.data.error}: ${said.data.description ?? ''}`
			: body.slice(0, 200);
		const status = response.status;
		if (status === 429) {
			const wait = retryAfterMs(response.headers, body);
			budget.pause(wait ?? 60_000);
			throw new ModpackUnavailableError(`Modrinth is rate limiting us (${what})`, {
				status,
				retryAfterMs: wait,
			});
		}
		if (status >= 500)
			throw new ModpackUnavailableError(`Modrinth failed (${status} ${what})`, {
				status,
				retryAfterMs: retryAfterMs(response.headers),
			});
		if (status === 401 || status === 403)
			throw new ModpackUnavailableError(
				`Modrinth refused us (${status} ${what}); check MODRINTH_USER_AGENT`,
				{
					status,
					retryable: false,
				},
			);
		throw new ModpackError(`Modrinth refused the request (${status} ${what})`, { status });
	}

	/** Spends nothing more once Modrinth says none are left until its reset. */
	function note(response: Response) {
		if (response.headers.get('x-ratelimit-remaining')?.trim() === '0')
			budget.pause(retryAfterMs(response.headers) ?? 60_000);
	}

	return {
		/** GET `path` (with `query`) under the API; null for a 404. */
		async getJson<T>(
			path: string,
			query: Record<string, string>,
			schema: z.ZodType<T>,
		): Promise<T | null> {
			const taken = budget.take();
			if (!taken.ok)
				throw new ModpackUnavailableError('Our budget of calls to Modrinth is spent for now', {
					retryAfterMs: taken.retryAfterMs,
				});
			const url = new URL(`${config.apiUrl}${path}`);
			for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
			const response = await send(url.href, API_TIMEOUT_MS);
			note(response);
			if (response.status === 404) {
				await response.body?.cancel();
				return null;
			}
			if (!response.ok) return refuse(response);
			const text = await response.text().catch((error: unknown) => {
				throw new ModpackUnavailableError(`Modrinth's answer to ${path} broke off`, {
					cause: error,
				});
			});
			const parsed = schema.safeParse(safeJson(text));
			if (!parsed.success)
				throw new ModpackUnavailableError(
					`Modrinth's answer to ${path} is not what its API describes`,
					{
						cause: parsed.error,
						retryable: false,
					},
				);
			return parsed.data;
		},

		/** A pack's file from Modrinth's CDN, read up to `maxBytes`. */
		async download(url: string, maxBytes: number): Promise<Download> {
			const response = await send(url, DOWNLOAD_TIMEOUT_MS);
			if (response.status === 404 || response.status === 410) {
				await response.body?.cancel();
				return { kind: 'missing' };
			}
			if (!response.ok || !response.body) return refuse(response);
			if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
				await response.body.cancel();
				return { kind: 'too_large' };
			}
			const chunks: Uint8Array[] = [];
			let total = 0;
			try {
				for await (const chunk of response.body) {
					total += chunk.byteLength;
					if (total > maxBytes) return { kind: 'too_large' };
					chunks.push(chunk);
				}
			} catch (error) {
				throw new ModpackUnavailableError(`The download of ${url} broke off`, { cause: error });
			}
			return { kind: 'ok', bytes: Buffer.concat(chunks) };
		},
	};
}

export type ModrinthHttp = ReturnType<typeof createModrinthHttp>;

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}
