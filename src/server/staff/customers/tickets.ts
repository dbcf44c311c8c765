import type { AdminClient } from '../../supabase/admin-client';
import { must, pageLimit } from './read';

/**
 * The customer's support tickets, most recently updated first, and who referred them (the
 * affiliate, and the number that affiliate knows them by): what the page links to elsewhere.
 */

export interface CustomerTicket {
	id: string;
	subject: string;
	department: string;
	status: string;
	createdAt: string;
	updatedAt: string;
}

/** The affiliate who referred a customer (their own number for them). */
export interface CustomerReferral {
	affiliateId: string;
	label: number;
}

export async function ticketsOf(admin: AdminClient, customerId: string): Promise<CustomerTicket[]> {
	const tickets = await must(
		'tickets',
		admin
			.from('tickets')
			.select('id, subject, department, status, created_at, updated_at')
			.eq('user_id', customerId)
			.order('updated_at', { ascending: false })
			.limit(pageLimit),
	);
	return (tickets ?? []).map((t) => ({
		id: t.id,
		subject: t.subject,
		department: t.department,
		status: t.status,
		createdAt: t.created_at,
		updatedAt: t.updated_at,
	}));
}

export async function referralOf(
	admin: AdminClient,
	customerId: string,
): Promise<CustomerReferral | null> {
	const { data: referral, error } = await admin
		.from('referrals')
		.select('affiliate_id, label')
		.eq('referred_user_id', customerId)
		.maybeSingle();
	if (error) throw new Error(`referrals: ${error.message}`);
	return referral ? { affiliateId: referral.affiliate_id, label: referral.label } : null;
}
