import { hitAll, type RateLimiter, type Verdict } from '../rate-limit/limiter';
import { limits } from '../rate-limit/limits';
import { adminClient } from '../supabase/admin-client';

export type CodeLookup =
	| { kind: 'found'; code: string; percent: number }
	| { kind: 'unknown' }
	| { kind: 'limited'; verdict: Verdict & { ok: false } }
	| { kind: 'unavailable' };

/** Who is trying a code: the client's address, and the customer when signed in. */
export interface CodeGuesser {
	address: string;
	accountId: string | null;
}

/** The miss limits a guesser counts against: per address always, per account when signed in. */
function missLimits(who: CodeGuesser): [RateLimiter, string][] {
	const pairs: [RateLimiter, string][] = [[limits.discountMissesPerAddress, who.address]];
	if (who.accountId) pairs.push([limits.discountMissesPerAccount, who.accountId]);
	return pairs;
}

/**
 * What one code is worth right now, for one guesser: the only way the site reads a code, so the
 * check route and checkout share one set of limits (issue 26: checkout answered every guess).
 * Only a code redeemable at this moment is found (unknown, expired, not yet valid and used-up
 * codes all read "unknown"); misses count against tight limits per address and per account,
 * every look-up against a looser one per address. Once a limit is reached every code is refused,
 * live ones too, so a locked guesser learns nothing more.
 */
export async function lookUpDiscountCode(code: string, who: CodeGuesser): Promise<CodeLookup> {
	// Every look-up counts as a miss until it is found, so concurrent guesses cannot all slip
	// past the miss limit while the database answers.
	const misses = missLimits(who);
	const verdict = await hitAll([...misses, [limits.discountChecksPerAddress, who.address]]);
	if (!verdict.ok) return { kind: 'limited', verdict };
	const percent = await redeemablePercent(code);
	if (percent === null) return { kind: 'unknown' };
	for (const [limiter, key] of misses) await limiter.forgive(key);
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
