import type { z } from 'zod';
import type { PterodactylConfig } from './config';
import { GamePanelError, GamePanelRefusedError, GamePanelUnavailableError } from './errors';
import { errorFromResponse } from './pterodactyl-errors';
import { errorText } from '../log/error-text';

// One request to the panel: the right key for the API (the client API refuses application keys),
// Accept: application/json always (without it the panel answers errors with HTML redirects), a
// timeout, and every failure turned into a GamePanelError. Answers are checked against a schema so
// a panel version that changed a shape fails here, by name, not three calls later.

const tooLarge = (maxBytes: number) =>
	new GamePanelRefusedError(
		'file_too_large',
		`The file is larger than ${maxBytes / 1024 / 1024} MiB, too large to edit here`,
	);

export type PanelApi = 'application' | 'client';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface PanelHttpOptions {
	/** A slow panel must not hold a customer's request for minutes. */
	timeoutMs?: number;
	fetch?: typeof fetch;
}

export interface PanelHttp {
	/** Resolves with the parsed answer, or undefined for the panel's empty 204s. */
	send(api: PanelApi, method: Method, path: string, body?: unknown): Promise<unknown>;
	/** A raw answer (a file's contents), refused above `maxBytes` before it is read whole. */
	readBytes(api: PanelApi, path: string, maxBytes: number): Promise<Uint8Array>;
	/** A raw body (a file's new contents), sent as text, not JSON. */
	sendText(api: PanelApi, path: string, text: string): Promise<void>;
	get<T>(api: PanelApi, path: string, schema: z.ZodType<T>): Promise<T>;
	parse<T>(schema: z.ZodType<T>, answer: unknown, path: string): T;
}

export function createPanelHttp(
	config: Pick<PterodactylConfig, 'url' | 'applicationKey' | 'clientKey'>,
	options: PanelHttpOptions = {},
): PanelHttp {
	const timeoutMs = options.timeoutMs ?? 15_000;
	const doFetch = options.fetch ?? fetch;

	type Raw = { type: string; data: string };

	async function request(api: PanelApi, method: Method, path: string, raw?: Raw) {
		const key = api === 'application' ? config.applicationKey : config.clientKey;
		const headers: Record<string, string> = {
			Authorization: `Bearer ${key}`,
			Accept: 'application/json',
		};
		if (raw) headers['Content-Type'] = raw.type;
		try {
			return await doFetch(`${config.url}/api/${api}${path}`, {
				method,
				headers,
				...(raw ? { body: raw.data } : {}),
				redirect: 'manual',
				signal: AbortSignal.timeout(timeoutMs),
			});
		} catch (error) {
			throw unreachable(method, path, error);
		}
	}

	const unreachable = (method: string, path: string, error: unknown) =>
		new GamePanelUnavailableError(
			`The game panel did not answer ${method} ${path}: ${errorText(error)}`,
			{ cause: error },
		);

	async function bodyText(response: Response, method: string, path: string) {
		try {
			return await response.text();
		} catch (error) {
			throw unreachable(method, path, error);
		}
	}

	/** The panel's error answer, read as JSON when it is. */
	async function failure(response: Response, method: string, path: string) {
		const text = await bodyText(response, method, path);
		let answer: unknown;
		try {
			answer = text ? JSON.parse(text) : undefined;
		} catch {
			answer = undefined;
		}
		return errorFromResponse(response.status, answer, response.headers);
	}

	async function send(api: PanelApi, method: Method, path: string, body?: unknown) {
		const raw =
			body === undefined ? undefined : { type: 'application/json', data: JSON.stringify(body) };
		const response = await request(api, method, path, raw);
		if (!response.ok) throw await failure(response, method, path);
		const text = await bodyText(response, method, path);
		try {
			return text ? (JSON.parse(text) as unknown) : undefined;
		} catch {
			throw new GamePanelError(
				`The game panel answered ${method} ${path} with something other than JSON (is PTERODACTYL_URL the panel?)`,
				{ status: response.status },
			);
		}
	}

	async function readBytes(api: PanelApi, path: string, maxBytes: number) {
		const response = await request(api, 'GET', path);
		if (!response.ok) throw await failure(response, 'GET', path);
		const declared = Number(response.headers.get('content-length') ?? 0);
		if (declared > maxBytes) {
			await response.body?.cancel();
			throw tooLarge(maxBytes);
		}
		let bytes: Uint8Array;
		try {
			bytes = new Uint8Array(await response.arrayBuffer());
		} catch (error) {
			throw unreachable('GET', path, error);
		}
		if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
		return bytes;
	}

	async function sendText(api: PanelApi, path: string, text: string) {
		// Not JSON: the panel's JSON check would refuse a body that is not, and it reads this raw.
		const response = await request(api, 'POST', path, {
			type: 'text/plain; charset=utf-8',
			data: text,
		});
		if (!response.ok) throw await failure(response, 'POST', path);
		await bodyText(response, 'POST', path);
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
		readBytes,
		sendText,
		parse,
		async get(api, path, schema) {
			return parse(schema, await send(api, 'GET', path), path);
		},
	};
}
