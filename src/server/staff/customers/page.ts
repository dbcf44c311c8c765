import { isUuid } from '../../../lib/uuid';
import type { AffiliateView } from '../../../lib/panel/affiliate';
import { affiliatePageOf } from '../../affiliate/queries';
import type { AdminClient } from '../../supabase/admin-client';
import { auditTrail, type AuditRow } from '../audit';
import { invoicesOf, paymentsOf, type CustomerInvoice, type CustomerPayment } from './billing';
import { profileOf, type CustomerProfile } from './profile';
import { pageLimit } from './read';
import { servicesOf, type CustomerService } from './services';
import { referralOf, ticketsOf, type CustomerReferral, type CustomerTicket } from './tickets';

/**
 * One customer as staff see them (`/staff/customers/{id}`): the profile, and everything that is
 * theirs, each read with the service role and filtered by their id here, since no row-level
 * security narrows it: services (with each one's address), invoices, payments and refunds,
 * tickets, their affiliate standing as they see it themselves, who referred them, and what staff
 * have done to their account (the audit trail). Each concern is its own module; this one composes.
 */

export type { CustomerInvoice, CustomerPayment, CustomerProfile, CustomerService, CustomerTicket };
export { pageLimit };

export interface CustomerPage {
	profile: CustomerProfile;
	services: CustomerService[];
	invoices: CustomerInvoice[];
	payments: CustomerPayment[];
	tickets: CustomerTicket[];
	affiliate: AffiliateView;
	/** The affiliate who referred this customer (their own number for them), if any. */
	referredBy: CustomerReferral | null;
	audit: AuditRow[];
}

/** The customer's page, or null when there is no such customer (or the id is not one). */
export async function customerPage(admin: AdminClient, id: string): Promise<CustomerPage | null> {
	if (!isUuid(id)) return null;
	const customerId = id.toLowerCase();
	// The profile first: an unknown customer costs one read, not eight.
	const profile = await profileOf(admin, customerId);
	if (!profile) return null;
	const [services, invoices, payments, tickets, affiliate, referredBy, audit] = await Promise.all([
		servicesOf(admin, customerId),
		invoicesOf(admin, customerId),
		paymentsOf(admin, customerId),
		ticketsOf(admin, customerId),
		affiliatePageOf(admin, customerId),
		referralOf(admin, customerId),
		auditTrail(admin, { customerId, limit: pageLimit }),
	]);
	return { profile, services, invoices, payments, tickets, affiliate, referredBy, audit };
}
