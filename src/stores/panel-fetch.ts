import { atom, type WritableAtom } from 'nanostores';

// How the panel's islands talk to the site's API: one JSON read per page, writes that answer
// `{ error: { code, message } }` with the message already in the customer's language.

export type Loaded<T> =
	| { state: 'loading' }
	| { state: 'ready'; data: T }
	| { state: 'error'; message: string; notFound: boolean };

export type Sent<T> =
	| { ok: true; data: T }
	| {
			ok: false;
			message: string;
			code: string;
			/** The refusal's other fields (a 402's `upgradeUrl`), beside the error or in it. */
			details: Record<string, unknown>;
	  };

const record = (value: unknown): Record<string, unknown> =>
	typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (...values: unknown[]) =>
	values.find((value): value is string => typeof value === 'string');

/** `{ error: { code, message, ...details } }`, or the flat `{ error: code, message, ...details }`. */
async function messageOf(response: Response | null, fallback: string) {
	const body: unknown = await response?.json().catch(() => null);
	const { error, message: flatMessage, ...rest } = record(body);
	const { code, message, ...details } = record(error);
	return {
		message: text(message, flatMessage) ?? fallback,
		code: text(code, error) ?? 'network',
		details: { ...rest, ...details },
	};
}

/** GET `url`; a failure (network, 4xx, 5xx) becomes the server's message or `fallback`. */
export async function getJson<T>(
	url: string,
	fallback: string,
	fetcher: typeof fetch = fetch,
): Promise<Loaded<T>> {
	const response = await fetcher(url, { headers: { Accept: 'application/json' } }).catch(
		() => null,
	);
	if (response?.ok) return { state: 'ready', data: (await response.json()) as T };
	const { message } = await messageOf(response, fallback);
	return { state: 'error', message, notFound: response?.status === 404 };
}

/** POST a JSON body (same origin, so the session cookie goes along). */
export function postJson<T>(
	url: string,
	body: unknown,
	fallback: string,
	fetcher: typeof fetch = fetch,
): Promise<Sent<T>> {
	return sendJson<T>('POST', url, body, fallback, fetcher);
}

/** A write by any method: a JSON body (none for undefined), a JSON answer or its message. */
export async function sendJson<T>(
	method: 'POST' | 'PUT' | 'DELETE',
	url: string,
	body: unknown,
	fallback: string,
	fetcher: typeof fetch = fetch,
): Promise<Sent<T>> {
	const response = await fetcher(url, {
		method,
		headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	}).catch(() => null);
	if (response?.ok) return { ok: true, data: (await response.json()) as T };
	return { ok: false, ...(await messageOf(response, fallback)) };
}

/** A failed answer's message in the customer's language (the server's), else `fallback`. */
export async function failureOf(response: Response | null, fallback: string) {
	return messageOf(response, fallback);
}

/** A page's data: an atom that starts loading, and `load` to (re)fill it from `url`. */
export function panelResource<T>(): {
	$data: WritableAtom<Loaded<T>>;
	load: (url: string, fallback: string, fetcher?: typeof fetch) => Promise<void>;
} {
	const $data = atom<Loaded<T>>({ state: 'loading' });
	let latest = 0;
	return {
		$data,
		async load(url, fallback, fetcher = fetch) {
			const ticket = ++latest;
			const result = await getJson<T>(url, fallback, fetcher);
			// An answer overtaken by a newer request (typing in the search) is dropped.
			if (ticket === latest) $data.set(result);
		},
	};
}
