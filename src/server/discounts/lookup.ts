import { hitAll } from '../rate-limit/limiter';
import { limits } from '../rate-limit/limits';
import type { Verdict } from '../rate-limit/limiter';
import { adminClient } from '../supabase/admin-client';

export type CodeLookup =
	| { kind: 'found'; code: string; percent: number }
	| { kind: 'unknown' }
	| { kind: 'limited'; verdict: Verdict & { ok: false } }
	| { kind: 'unavailable' };

/**
 * What one code is worth right now, for one client. Only a code redeemable at this moment is
 * found (unknown, expired, not yet valid and used-up codes all read "unknown"); misses count
 * against a tight per-client limit and every look-up against a looser one.
 */
export async function lookUpDiscountCode(code: string, clientAddress: string): Promise<CodeLookup> {
	// Every look-up counts as a miss until it is found, so concurrent guesses cannot all slip
	// past the miss limit while the database answers.
	const verdict = await hitAll([
		[limits.discountMissesPerAddress, clientAddress],
		[limits.discountChecksPerAddress, clientAddress],
	]);
	if (!verdict.ok) return { kind: 'limited', verdict };
	const percent = await redeemablePercent(code);
	if (percent === null) return { kind: 'unknown' };
	await limits.discountMissesPerAddress.forgive(clientAddress);
	return percent === 'unavailable'
		? { kind: 'unavailable' }
		: { kind: 'found', code: code.trim().toUpperCase(), percent };
}

/** The database's answer: a percentage, null for no redeemable code, or unavailable. */
async function redeemablePercent(code: string): Promise<number | null | 'unavailable'> {
	const admin = adminClient();
	if (!admin) return 'unavailable';
	const answer = await admin.rpc('discount_code_percent', { code });
	if (answer.error) return 'unavailable';
	const data: unknown = answer.data;
	const percent = Number(data);
	return data === null || !Number.isFinite(percent) || percent <= 0 ? null : percent;
}
