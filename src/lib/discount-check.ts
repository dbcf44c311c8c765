/**
 * Asks the backend what one discount code is worth, through the `discount_code_percent` RPC.
 * A plain fetch rather than supabase-js: the cart needs this one call, and the client library
 * would be most of the page's JavaScript.
 */
export interface BackendConfig {
	url: string;
	anonKey: string;
}

export type DiscountCheck =
	{ ok: true; percent: number } | { ok: false; reason: 'unknown' | 'unavailable' };

export const discountCodePattern = /^[A-Za-z0-9_-]{3,32}$/;

export async function checkDiscountCode(
	code: string,
	backend: BackendConfig,
	fetcher: typeof fetch = fetch,
): Promise<DiscountCheck> {
	const trimmed = code.trim();
	if (!discountCodePattern.test(trimmed)) return { ok: false, reason: 'unknown' };
	try {
		const response = await fetcher(`${backend.url}/rest/v1/rpc/discount_code_percent`, {
			method: 'POST',
			headers: {
				apikey: backend.anonKey,
				Authorization: `Bearer ${backend.anonKey}`,
				'Content-Type': 'application/json',
			},
			body: JSON.stringify({ code: trimmed }),
		});
		if (!response.ok) return { ok: false, reason: 'unavailable' };
		const percent: unknown = await response.json();
		const value = typeof percent === 'string' ? Number(percent) : percent;
		if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
			return { ok: false, reason: 'unknown' };
		return { ok: true, percent: value };
	} catch {
		return { ok: false, reason: 'unavailable' };
	}
}
