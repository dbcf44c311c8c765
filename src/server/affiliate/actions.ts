import type { UiKey } from '../../i18n';
import { referralCode } from '../../lib/affiliate/referral';
import type { AdminClient } from '../supabase/admin-client';
import type { CustomerClient } from '../supabase/customer-client';

// The affiliate's writes, as the customer: joining (the database makes the code) and asking for a
// payout (the database sums what is available; the browser names only the currency and where to
// pay). And the one write a visitor makes: a visit through a link, counted with the service role.

export type PayoutRefusal = { status: number; code: string; message: UiKey };

export async function joinProgramme(client: CustomerClient): Promise<string> {
	const { data, error } = await client.rpc('join_affiliate_programme');
	if (error) throw new Error(`join_affiliate_programme: ${error.message}`);
	return data;
}

export async function requestPayout(
	client: CustomerClient,
	currency: string,
	details: string,
): Promise<{ id: string } | PayoutRefusal> {
	const { data, error } = await client.rpc('request_affiliate_payout', { currency, details });
	if (!error) return { id: data };
	if (error.hint === 'minimum')
		return { status: 422, code: 'below_minimum', message: 'affiliate.error.minimum' };
	if (error.hint === 'details')
		return { status: 400, code: 'missing_details', message: 'affiliate.error.details' };
	if (error.code === '42501')
		return { status: 403, code: 'not_affiliate', message: 'affiliate.error.notJoined' };
	throw new Error(`request_affiliate_payout: ${error.message}`);
}

/** Counts a visit through a link; unknown codes count nothing and say nothing. */
export async function recordVisit(admin: AdminClient, raw: unknown): Promise<void> {
	const code = referralCode(typeof raw === 'string' ? raw : undefined);
	if (!code) return;
	const { error } = await admin.rpc('record_referral_visit', { code });
	if (error) throw new Error(`record_referral_visit: ${error.message}`);
}
