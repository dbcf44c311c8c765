import type { z } from 'zod';
import type { PterodactylConfig } from './config';
import { GamePanelError, GamePanelUnavailableError } from './errors';
import { errorFromResponse } from './pterodactyl-errors';
import { errorText } from '../log/error-text';

// One request to the panel: the right key for the API (the client API refuses application keys),
// Accept: application/json always (without it the panel answers errors with HTML redirects), a
// timeout, and every failure turned into a GamePanelError. Answers are checked against a schema so
// a panel version that changed a shape fails here, by name, not three calls later.

export type PanelApi = 'application' | 'client';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface PanelHttpOptions {
	/** A slow panel must not hold a customer's request for minutes. */
	timeoutMs?: number;
	fetch?: typeof fetch;
}

export interface PanelHttp {
	/** Resolves with the parsed answer, or undefined for the panel's empty 204s. */
	send(api: PanelApi, method: Method, path: string, body?: unknown): Promise<unknown>;
	get<T>(api: PanelApi, path: string, schema: z.ZodType<T>): Promise<T>;
	parse<T>(schema: z.ZodType<T>, answer: unknown, path: string): T;
}

export function createPanelHttp(
	config: Pick<PterodactylConfig, 'url' | 'applicationKey' | 'clientKey'>,
	options: PanelHttpOptions = {},
): PanelHttp {
	const timeoutMs = options.timeoutMs ?? 15_000;
	const doFetch = options.fetch ?? fetch;

	async function send(api: PanelApi, method: Method, path: string, body?: unknown) {
		const key = api === 'application' ? config.applicationKey : config.clientKey;
		const headers: Record<string, string> = {
			Authorization: `Bearer ${key}`,
			Accept: 'application/json',
		};
		if (body !== undefined) headers['Content-Type'] = 'application/json';
		let response: Response;
		let text: string;
		try {
			response = await doFetch(`${config.url}/api/${api}${path}`, {
				method,
				headers,
				...(body !== undefined ? { body: JSON.stringify(body) } : {}),
				redirect: 'manual',
				signal: AbortSignal.timeout(timeoutMs),
			});
			text = await response.text();
		} catch (error) {
			throw new GamePanelUnavailableError(
				`The game panel did not answer ${method} ${path}: ${errorText(error)}`,
				{ cause: error },
			);
		}
		let answer: unknown;
		try {
			answer = text ? JSON.parse(text) : undefined;
		} catch {
			answer = undefined;
			if (response.ok)
				throw new GamePanelError(
					`The game panel answered ${method} ${path} with something other than JSON (is PTERODACTYL_URL the panel?)`,
					{ status: response.status },
				);
		}
		if (response.ok) return answer;
		throw errorFromResponse(response.status, answer, response.headers);
	}

	function parse<T>(schema: z.ZodType<T>, answer: unknown, path: string): T {
		const result = schema.safeParse(answer);
		if (result.success) return result.data;
		const issue = result.error.issues[0];
		throw new GamePanelError(
			`The game panel's answer to ${path} has an unexpected shape (${issue?.path.join('.')}: ${issue?.message})`,
		);
	}

	return {
		send,
		parse,
		async get(api, path, schema) {
			return parse(schema, await send(api, 'GET', path), path);
		},
	};
}
