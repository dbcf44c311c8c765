import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, signedInUser, startTestStack } from './helpers.ts';

// Reuse detection must hold however often a stolen refresh token is retried: a refused reuse revokes
// the family, and no token of a revoked family may be refreshed again, not even inside the reuse
// interval that protects clients whose refresh answer was lost.

const REUSE_INTERVAL_SECONDS = 1;

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({ refreshTokenReuseIntervalSeconds: REUSE_INTERVAL_SECONDS });
});
afterAll(async () => {
	await stack?.stop();
});

async function refresh(token: string): Promise<{ status: number; code: unknown; token: unknown }> {
	const response = await api(stack, '/auth/v1/token?grant_type=refresh_token', {
		method: 'POST',
		body: JSON.stringify({ refresh_token: token }),
		headers: { 'X-Supabase-Api-Version': '2024-01-01' },
	});
	const body = (await response.json()) as Record<string, unknown>;
	return { status: response.status, code: body.code, token: body.refresh_token };
}

// The token replayed here is the grandparent of the active one: its direct child is itself revoked,
// so it is not the lost-answer case (a parent of the active token gets that token back, at any age).
async function rotatedTwice(): Promise<{ oldest: string; middle: string; newest: string }> {
	const { session } = await signedInUser(stack);
	const middle = await refresh(session.refresh_token);
	const newest = await refresh(middle.token as string);
	expect([middle.status, newest.status]).toEqual([200, 200]);
	// Waiting is not a measurement: it only moves the old tokens out of their reuse interval.
	await sleep(REUSE_INTERVAL_SECONDS * 1000 + 500);
	return {
		oldest: session.refresh_token,
		middle: middle.token as string,
		newest: newest.token as string,
	};
}

const refused = { status: 400, code: 'refresh_token_already_used', token: undefined };

describe('refresh-token reuse after the reuse interval', () => {
	it('stays refused when the same stolen token is retried at once', async () => {
		const { oldest } = await rotatedTwice();
		expect(await refresh(oldest)).toEqual(refused);
		expect(await refresh(oldest)).toEqual(refused);
		expect(await refresh(oldest)).toEqual(refused);
	});

	it('revokes the family: its newest token gets no child, even inside the interval', async () => {
		const { oldest, middle, newest } = await rotatedTwice();
		expect(await refresh(oldest)).toEqual(refused);
		// The newest token was revoked by that refusal a moment ago, so it is inside its interval.
		expect(await refresh(newest)).toEqual(refused);
		expect(await refresh(middle)).toEqual(refused);
		expect(await refresh(oldest)).toEqual(refused);
	});
});
