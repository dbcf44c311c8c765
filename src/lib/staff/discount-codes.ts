/** What decides whether a discount code works: its window and its uses against its limit. */
export interface RedeemableCode {
	valid_from: string;
	valid_until: string | null;
	max_uses: number | null;
	uses: number;
}

/** Whether a code can be used at `now`: inside its window and under its limit. */
export function isRedeemable(code: RedeemableCode, now: Date): boolean {
	const t = now.getTime();
	return (
		new Date(code.valid_from).getTime() <= t &&
		(code.valid_until === null || new Date(code.valid_until).getTime() > t) &&
		(code.max_uses === null || code.uses < code.max_uses)
	);
}
