import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithGoogle } from '../google-sign-in.ts';
import { startAffiliateStack, type AffiliateStack } from './fixture.ts';

// A customer who signs up through Google gets what a password sign-up gets from its form's
// metadata: profile names, language and the referral of the cookie (complete_external_sign_up).

let a: AffiliateStack;
beforeAll(async () => {
	a = await startAffiliateStack();
});
afterAll(async () => {
	await a?.p.stack.stop();
});

const newAddress = () => `google-${randomUUID().slice(0, 8)}@example.com`;

async function referralOf(id: string) {
	const { data } = await a.p.service
		.from('referrals')
		.select('affiliate_id')
		.eq('referred_user_id', id);
	return data ?? [];
}

describe('complete_external_sign_up', () => {
	it('gives a new Google customer names, language and referral, once', async () => {
		const affiliate = await a.affiliate();
		const client = await signInWithGoogle(a.p.stack, newAddress(), 'Ola Nordmann');
		const { data: user } = await client.auth.getUser();
		const id = user.user?.id ?? '';
		const done = await client.rpc('complete_external_sign_up', {
			first_name: 'Ola',
			last_name: 'Nordmann',
			locale: 'no',
			referral_code: affiliate.code,
		});
		expect(done).toMatchObject({ data: true, error: null });
		const { data: profile } = await client.from('profiles').select('*').eq('id', id).single();
		expect(profile).toMatchObject({
			first_name: 'Ola',
			last_name: 'Nordmann',
			preferred_locale: 'no',
		});
		expect(await referralOf(id)).toEqual([{ affiliate_id: affiliate.id }]);
		// A second call (another partner's code, other names) changes nothing.
		const other = await a.affiliate();
		const again = await client.rpc('complete_external_sign_up', {
			first_name: 'X',
			last_name: 'Y',
			locale: 'de',
			referral_code: other.code,
		});
		expect(again.data).toBe(false);
		expect(await referralOf(id)).toEqual([{ affiliate_id: affiliate.id }]);
	});

	it('does nothing for a password account, even one that linked Google', async () => {
		const affiliate = await a.affiliate();
		const customer = await a.customer();
		const client = await signInWithGoogle(a.p.stack, customer.email, 'Kari Linked');
		const { data } = await client.rpc('complete_external_sign_up', {
			first_name: 'Kari',
			last_name: 'Linked',
			locale: 'da',
			referral_code: affiliate.code,
		});
		expect(data).toBe(false);
		expect(await referralOf(customer.id)).toEqual([]);
	});
});
