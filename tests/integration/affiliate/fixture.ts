import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { startProductStack, type Personas } from '../data-model/personas.ts';

// The affiliate programme on the local stack: affiliates who join as themselves, customers who
// sign up carrying a referral code, and invoices paid and refunded the way the gateway's events do.

export type Client = Personas['service'];

export interface AffiliateStack {
	p: Personas;
	/** A new customer with `referral_code` in their sign-up metadata when given. */
	customer(options?: { code?: string; email?: string }): Promise<{ id: string; email: string }>;
	/** A new customer, signed in. */
	signedIn(): Promise<{ id: string; email: string; client: Client }>;
	/** A new customer who has joined the programme: their code. */
	affiliate(): Promise<{ id: string; email: string; client: Client; code: string }>;
	/** An invoice of `customer` for `subtotal` (25 % VAT on top), paid now. */
	paidInvoice(
		customerId: string,
		subtotal: number,
		options?: { discount?: number; kind?: string; currency?: string },
	): Promise<string>;
	refund(invoiceId: string): Promise<void>;
	/** Moves a commission's hold into the past, as if 30 days had gone by. */
	endHold(invoiceId: string): Promise<void>;
}

export async function startAffiliateStack(): Promise<AffiliateStack> {
	const p = await startProductStack();
	const signedIn = async (email: string, password: string) => {
		const client = createClient(p.stack.url, p.stack.anonKey, { auth: { persistSession: false } });
		const { error } = await client.auth.signInWithPassword({ email, password });
		if (error) throw error;
		return client;
	};
	const customer: AffiliateStack['customer'] = async (options = {}) => {
		const email = options.email ?? `aff-${randomUUID().slice(0, 8)}@example.com`;
		const password = 'Affiliate-Lantern-2026';
		const { data, error } = await p.service.auth.admin.createUser({
			email,
			password,
			email_confirm: true,
			user_metadata: options.code ? { referral_code: options.code } : {},
		});
		if (error || !data.user) throw error ?? new Error('no user');
		return { id: data.user.id, email };
	};
	// Only those who act for themselves sign in: the auth service limits sign-ins per address.
	const signedInCustomer = async () => {
		const who = await customer();
		return { ...who, client: await signedIn(who.email, 'Affiliate-Lantern-2026') };
	};
	return {
		p,
		customer,
		signedIn: signedInCustomer,
		async affiliate() {
			const who = await signedInCustomer();
			const { data, error } = await who.client.rpc('join_affiliate_programme');
			if (error) throw error;
			return { ...who, code: data as string };
		},
		async paidInvoice(customerId, subtotal, options = {}) {
			const discount = options.discount ?? 0;
			const tax = Math.round(((subtotal - discount) * 25) / 100);
			const { data, error } = await p.service
				.from('invoices')
				.insert({
					// Numbered here: the invoice series is the billing functions' (gapless), not a test's.
					number: `AFF-${randomUUID()}`,
					user_id: customerId,
					kind: options.kind ?? 'new',
					currency: options.currency ?? 'EUR',
					subtotal,
					discount,
					tax_rate: 25,
					tax,
					total: subtotal - discount + tax,
					due_at: new Date().toISOString(),
				})
				.select('id')
				.single();
			if (error) throw error;
			const paid = await p.service
				.from('invoices')
				.update({ status: 'paid', paid_at: new Date().toISOString() })
				.eq('id', data.id);
			if (paid.error) throw paid.error;
			return data.id;
		},
		async refund(invoiceId) {
			const { error } = await p.service
				.from('invoices')
				.update({ status: 'refunded' })
				.eq('id', invoiceId);
			if (error) throw error;
		},
		async endHold(invoiceId) {
			const { error } = await p.service
				.from('commissions')
				.update({ available_at: new Date(Date.now() - 1000).toISOString() })
				.eq('invoice_id', invoiceId);
			if (error) throw error;
		},
	};
}
