// How api.stripe.com reads bodies and words its refusals, for the fake in stripe-fake.ts.

export type Json = Record<string, unknown>;
export interface Reply {
	status: number;
	body: Json;
}

/** `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`, as Stripe reads its form bodies. */
export function decodeForm(raw: string): Json {
	const root: Json = {};
	for (const [name, value] of new URLSearchParams(raw)) {
		const path = name.split(/\[|\]\[|\]/).filter(Boolean);
		let node: Json | unknown[] = root;
		path.forEach((segment, i) => {
			const last = i === path.length - 1;
			const key = Array.isArray(node) ? Number(segment) : segment;
			const into = node as Record<string | number, unknown>;
			if (last) into[key] = value;
			else into[key] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
			if (!last) node = into[key] as Json;
		});
	}
	return root;
}

export const invalid = (message: string, extra: Json = {}, status = 400): Reply => ({
	status,
	body: { error: { type: 'invalid_request_error', message, ...extra } },
});

export const missing = (param: string) =>
	invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const unknownParam = (param: string) =>
	invalid(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });

export const notFound = (message: string) => invalid(message, { code: 'resource_missing' }, 404);
