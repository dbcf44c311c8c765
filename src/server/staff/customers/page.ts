import { isUuid } from '../../../lib/uuid';
import type { AffiliateView } from '../../../lib/panel/affiliate';
import { affiliatePageOf } from '../../affiliate/queries';
import type { AdminClient } from '../../supabase/admin-client';
import { auditTrail, type AuditRow } from '../audit';

/**
 * One customer as staff see them (`/staff/customers/{id}`): the profile, and everything that is
 * theirs, each read with the service role and filtered by their id here, since no row-level
 * security narrows it: services (with each one's address), invoices, payments and refunds,
 * tickets, their affiliate standing as they see it themselves, who referred them, and what staff
 * have done to their account (the audit trail).
 */

export interface CustomerProfile {
	id: string;
	email: string;
	firstName: string;
	lastName: string;
	country: string | null;
	locale: string;
	currency: string;
	company: string;
	vatNumber: string;
	address: string;
	postalCode: string;
	city: string;
	createdAt: string;
	lastSignInAt: string | null;
	/** A verified authenticator app (two-factor sign-in on). */
	twoFactor: boolean;
}

export interface CustomerService {
	id: string;
	label: string;
	status: string;
	productType: string;
	planId: string;
	game: string | null;
	ramGb: number;
	/** The game server's `host:port`, or the VPS's IPv4 address. */
	address: string | null;
	cancelAtPeriodEnd: boolean;
	currentPeriodEnd: string | null;
	recurringAmount: number;
	currency: string;
	billingCycle: string;
	createdAt: string;
}

export interface CustomerInvoice {
	id: string;
	number: string;
	status: string;
	kind: string;
	total: number;
	currency: string;
	issuedAt: string;
	dueAt: string;
	paidAt: string | null;
	serviceId: string | null;
}

export interface CustomerPayment {
	id: string;
	kind: string;
	status: string;
	amount: number;
	currency: string;
	gateway: string;
	card: string | null;
	createdAt: string;
	invoiceId: string;
	invoiceNumber: string | null;
}

export interface CustomerTicket {
	id: string;
	subject: string;
	department: string;
	status: string;
	createdAt: string;
	updatedAt: string;
}

export interface CustomerPage {
	profile: CustomerProfile;
	services: CustomerService[];
	invoices: CustomerInvoice[];
	payments: CustomerPayment[];
	tickets: CustomerTicket[];
	affiliate: AffiliateView;
	/** The affiliate who referred this customer (their own number for them), if any. */
	referredBy: { affiliateId: string; label: number } | null;
	audit: AuditRow[];
}

/** How many of each list the page shows, newest first. */
export const pageLimit = 100;

async function must<T>(
	what: string,
	query: PromiseLike<{ data: T | null; error: { message: string } | null }>,
): Promise<T | null> {
	const { data, error } = await query;
	if (error) throw new Error(`${what}: ${error.message}`);
	return data;
}

/** The customer's account (e-mail, sign-ins, factors) as the product reads it: the admin API. */
async function accountOf(admin: AdminClient, id: string) {
	const { data, error } = await admin.auth.admin.getUserById(id);
	if (error) {
		if (error.status === 404 || /not found/i.test(error.message)) return null;
		throw new Error(`auth user: ${error.message}`);
	}
	return data.user;
}

/** Each VPS's IPv4 address, by service. */
async function vpsAddresses(
	admin: AdminClient,
	serviceIds: string[],
): Promise<Map<string, string>> {
	if (serviceIds.length === 0) return new Map();
	const held = await must(
		'vps_addresses',
		admin
			.from('vps_addresses')
			.select('service_id, address')
			.in('service_id', serviceIds)
			.eq('family', 4),
	);
	return new Map(
		(held ?? []).flatMap((row) =>
			row.service_id ? [[row.service_id, String(row.address).replace(/\/32$/, '')] as const] : [],
		),
	);
}

/** The customer's page, or null when there is no such customer (or the id is not one). */
export async function customerPage(admin: AdminClient, id: string): Promise<CustomerPage | null> {
	if (!isUuid(id)) return null;
	const customerId = id.toLowerCase();
	const [account, { data: profile, error: profileError }] = await Promise.all([
		accountOf(admin, customerId),
		admin
			.from('profiles')
			.select(
				'id, first_name, last_name, country, preferred_locale, preferred_currency, company, vat_number, address, postal_code, city, created_at',
			)
			.eq('id', customerId)
			.maybeSingle(),
	]);
	if (profileError) throw new Error(`profiles: ${profileError.message}`);
	if (!account || !profile) return null;

	const [services, invoices, payments, tickets, affiliate, referred, audit] = await Promise.all([
		must(
			'services',
			admin
				.from('services')
				.select(
					'id, label, status, product_type, plan_id, game, ram_gb, panel_address, cancel_at_period_end, current_period_end, recurring_amount, currency, billing_cycle, created_at',
				)
				.eq('user_id', customerId)
				.order('created_at', { ascending: false })
				.limit(pageLimit),
		),
		must(
			'invoices',
			admin
				.from('invoices')
				.select('id, number, status, kind, total, currency, issued_at, due_at, paid_at, service_id')
				.eq('user_id', customerId)
				.order('issued_at', { ascending: false })
				.limit(pageLimit),
		),
		must(
			'transactions',
			admin
				.from('transactions')
				.select(
					'id, kind, status, amount, currency, gateway, card_brand, card_last4, created_at, invoice_id, invoices(number)',
				)
				.eq('user_id', customerId)
				.order('created_at', { ascending: false })
				.limit(pageLimit),
		),
		must(
			'tickets',
			admin
				.from('tickets')
				.select('id, subject, department, status, created_at, updated_at')
				.eq('user_id', customerId)
				.order('updated_at', { ascending: false })
				.limit(pageLimit),
		),
		affiliatePageOf(admin, customerId),
		admin
			.from('referrals')
			.select('affiliate_id, label')
			.eq('referred_user_id', customerId)
			.maybeSingle(),
		auditTrail(admin, { customerId, limit: pageLimit }),
	]);
	if (referred.error) throw new Error(`referrals: ${referred.error.message}`);
	const referral = referred.data;
	const serviceRows = services ?? [];
	const ipv4 = await vpsAddresses(
		admin,
		serviceRows.filter((s) => s.product_type === 'vps').map((s) => s.id),
	);

	return {
		profile: {
			id: profile.id,
			email: account.email ?? '',
			firstName: profile.first_name,
			lastName: profile.last_name,
			country: profile.country,
			locale: profile.preferred_locale,
			currency: profile.preferred_currency,
			company: profile.company,
			vatNumber: profile.vat_number,
			address: profile.address,
			postalCode: profile.postal_code,
			city: profile.city,
			createdAt: account.created_at,
			lastSignInAt: account.last_sign_in_at ?? null,
			twoFactor: (account.factors ?? []).some((factor) => factor.status === 'verified'),
		},
		services: serviceRows.map((s) => ({
			id: s.id,
			label: s.label,
			status: s.status,
			productType: s.product_type,
			planId: s.plan_id,
			game: s.game,
			ramGb: s.ram_gb,
			address: s.product_type === 'vps' ? (ipv4.get(s.id) ?? null) : s.panel_address,
			cancelAtPeriodEnd: s.cancel_at_period_end,
			currentPeriodEnd: s.current_period_end,
			recurringAmount: Number(s.recurring_amount),
			currency: s.currency,
			billingCycle: s.billing_cycle,
			createdAt: s.created_at,
		})),
		invoices: (invoices ?? []).map((i) => ({
			id: i.id,
			number: i.number,
			status: i.status,
			kind: i.kind,
			total: Number(i.total),
			currency: i.currency,
			issuedAt: i.issued_at,
			dueAt: i.due_at,
			paidAt: i.paid_at,
			serviceId: i.service_id,
		})),
		payments: (payments ?? []).map((t) => ({
			id: t.id,
			kind: t.kind,
			status: t.status,
			amount: Number(t.amount),
			currency: t.currency,
			gateway: t.gateway,
			card: t.card_brand && t.card_last4 ? `${t.card_brand} ${t.card_last4}` : null,
			createdAt: t.created_at,
			invoiceId: t.invoice_id,
			invoiceNumber: t.invoices?.number ?? null,
		})),
		tickets: (tickets ?? []).map((t) => ({
			id: t.id,
			subject: t.subject,
			department: t.department,
			status: t.status,
			createdAt: t.created_at,
			updatedAt: t.updated_at,
		})),
		affiliate,
		referredBy: referral ? { affiliateId: referral.affiliate_id, label: referral.label } : null,
		audit,
	};
}
