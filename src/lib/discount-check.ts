/**
 * Asks the site server what one discount code is worth. The server looks the code up with its own
 * key under a per-client limit; browsers cannot ask the database directly, so codes cannot be
 * guessed at database speed.
 */
export type DiscountCheck =
	{ ok: true; percent: number } | { ok: false; reason: 'unknown' | 'unavailable' | 'rateLimited' };

export const discountCodePattern = /^[A-Za-z0-9_-]{3,32}$/;

export const discountCheckPath = '/api/discount-codes/check';

export async function checkDiscountCode(
	code: string,
	fetcher: typeof fetch = fetch,
): Promise<DiscountCheck> {
	const trimmed = code.trim();
	if (!discountCodePattern.test(trimmed)) return { ok: false, reason: 'unknown' };
	try {
		const response = await fetcher(discountCheckPath, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: trimmed }),
		});
		if (response.status === 404) return { ok: false, reason: 'unknown' };
		if (response.status === 429) return { ok: false, reason: 'rateLimited' };
		if (!response.ok) return { ok: false, reason: 'unavailable' };
		const { percent } = (await response.json()) as { percent?: unknown };
		return typeof percent === 'number' && percent > 0 && percent <= 100
			? { ok: true, percent }
			: { ok: false, reason: 'unavailable' };
	} catch {
		return { ok: false, reason: 'unavailable' };
	}
}
