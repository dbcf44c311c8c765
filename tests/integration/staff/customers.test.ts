import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	demo,
	ids,
	other,
	staffMember,
	startProductStack,
	type Personas,
} from '../data-model/personas.ts';
import { paidVps } from '../checkout/vps-order.ts';
import type * as AdminModule from '../../../src/server/supabase/admin-client.ts';
import type * as Search from '../../../src/server/staff/customers/search.ts';
import type * as Page from '../../../src/server/staff/customers/page.ts';
import type * as Audit from '../../../src/server/staff/audit.ts';

// The staff console's customers (issue 32) against the local stack with the demo seed: every kind
// of term finds the demo customer (and not the other one), terms that look like PostgREST filter
// syntax or like wildcards find nothing and break nothing, at most 50 results; the customer's page
// lists everything that is theirs and nothing of anyone else's; and the console's SQL functions are
// the service role's alone.

let p: Personas;
let search: typeof Search;
let page: typeof Page;
let audit: typeof Audit;
let admin: NonNullable<ReturnType<typeof AdminModule.adminClient>>;
let vps: { serviceId: string; orderId: string; ipv4: string; invoiceNumber: string };
const panelAddress = 'play-7.staff-search.frostnode.example:25601';

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	});
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	search = await import('../../../src/server/staff/customers/search.ts');
	page = await import('../../../src/server/staff/customers/page.ts');
	audit = await import('../../../src/server/staff/audit.ts');

	// The demo customer's Palworld server on the game panel, and a VPS of theirs with pool addresses.
	const placed = await p.service
		.from('services')
		.update({ panel_address: panelAddress })
		.eq('id', ids.palworld);
	if (placed.error) throw placed.error;
	const bought = await paidVps(p, demo.id, `staff-search-${randomUUID().slice(0, 8)}`);
	// Checkout keeps the billing details it was given on the profile; the seed's are put back.
	const restored = await p.service
		.from('profiles')
		.update({
			first_name: 'Ingrid',
			last_name: 'Solberg',
			address: 'Kirkegata 15',
			postal_code: '0153',
		})
		.eq('id', demo.id);
	if (restored.error) throw restored.error;
	const { data: held } = await p.service
		.from('vps_addresses')
		.select('address')
		.eq('service_id', bought.serviceId)
		.eq('family', 4)
		.single();
	const { data: invoice } = await p.service
		.from('invoices')
		.select('number')
		.eq('order_id', bought.orderId)
		.single();
	vps = {
		...bought,
		ipv4: String(held!.address).replace(/\/32$/, ''),
		invoiceNumber: invoice!.number,
	};
});
afterAll(() => p.stack.stop());

const found = async (term: string) => (await search.searchCustomers(admin, term)).map((h) => h.id);

describe('the customer search', () => {
	it('finds the demo customer by e-mail, any part and any case', async () => {
		for (const term of [demo.email, 'demo@frostnode', 'DEMO@FrostNode.Example', '  demo@frost  '])
			expect(await found(term), term).toEqual([demo.id]);
		const [hit] = await search.searchCustomers(admin, demo.email);
		expect(hit).toMatchObject({
			id: demo.id,
			email: demo.email,
			firstName: 'Ingrid',
			lastName: 'Solberg',
			country: 'NO',
			matched: ['email'],
		});
		// The seeded accounts share the domain (the member of staff is a customer's account too).
		expect((await found('@frostnode.example')).toSorted()).toEqual(
			[demo.id, other.id, staffMember.id].toSorted(),
		);
		expect(await found(other.email)).toEqual([other.id]);
	});

	it('finds the demo customer by first name, last name or both', async () => {
		for (const term of ['Ingrid', 'solberg', 'Ingrid Solberg', 'ingr solb'])
			expect(await found(term), term).toEqual([demo.id]);
		expect((await search.searchCustomers(admin, 'Solberg'))[0]!.matched).toEqual(['name']);
		expect(await found('Becker')).toEqual([other.id]);
	});

	it('finds the demo customer by an invoice number, exactly, in any case', async () => {
		const { data } = await p.service
			.from('invoices')
			.select('number')
			.eq('id', ids.overdueInvoice)
			.single();
		const number = (data as { number: string }).number;
		expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
		for (const term of [number, number.toLowerCase(), vps.invoiceNumber]) {
			const [hit, ...rest] = await search.searchCustomers(admin, term);
			expect(hit, term).toMatchObject({ id: demo.id, matched: ['invoice'] });
			expect(rest).toEqual([]);
		}
		// Part of a number is not a number.
		expect(await found(number.slice(0, -1))).toEqual([]);
		expect(await found(number.slice(0, 8))).toEqual([]);
	});

	it('finds the demo customer by a game server’s address or host, and by a VPS address', async () => {
		for (const term of [
			panelAddress,
			panelAddress.toUpperCase(),
			'play-7.staff-search.frostnode.example',
			vps.ipv4,
		]) {
			const [hit, ...rest] = await search.searchCustomers(admin, term);
			expect(hit, term).toMatchObject({ id: demo.id, matched: ['address'] });
			expect(rest, term).toEqual([]);
		}
		// An address the pool holds for nobody, and one that is not the server's, find no one.
		expect(await found('203.0.113.249')).toEqual([]);
		expect(await found('play-7.staff-search.frostnode.example:25602')).toEqual([]);
	});

	it('finds the demo customer by their id or the id of their service, order, invoice or ticket', async () => {
		for (const term of [
			demo.id,
			demo.id.toUpperCase(),
			ids.palworld,
			vps.serviceId,
			vps.orderId,
			ids.overdueInvoice,
			ids.openTicket,
		]) {
			const [hit, ...rest] = await search.searchCustomers(admin, term);
			expect(hit, term).toMatchObject({ id: demo.id, matched: ['id'] });
			expect(rest, term).toEqual([]);
		}
		expect(await found(ids.valheim)).toEqual([other.id]);
		expect(await found(randomUUID())).toEqual([]);
	});

	it('finds nothing, and fails nowhere, for terms that look like filters or wildcards', async () => {
		const terms = [
			'a,b)or(id.neq.x',
			'a,b)or(id.neq.00000000-0000-0000-0000-000000000000',
			'id.neq.x',
			'or=(id.neq.x)',
			'demo@frostnode.example)',
			'"demo"',
			'%',
			'_',
			'%%',
			'\\',
			'*',
			'Ingrid*',
			'I%d',
			'Ingr_d',
			'%@frostnode.example',
			"'; select 1; --",
			'{}',
			'[1,2]',
			'203.0.113.*',
			'play-7.staff-search.frostnode.example:%',
		];
		for (const term of terms) await expect(found(term), term).resolves.toEqual([]);
	});

	it('ignores white space around the term and cuts a long one, finding no one for nothing', async () => {
		expect(search.searchTerm(`  ${demo.email}\t`)).toBe(demo.email);
		expect(search.searchTerm('Ingrid \n  Solberg')).toBe('Ingrid Solberg');
		expect(search.searchTerm('x'.repeat(1000))).toHaveLength(search.maxTermLength);
		expect(search.searchTerm(42)).toBe('');
		expect(await found('')).toEqual([]);
		expect(await found('   ')).toEqual([]);
		await expect(found(`${'demo@'.repeat(200)}`)).resolves.toEqual([]);
	});

	it('lists at most 50 customers', async () => {
		const made = await Promise.all(
			Array.from({ length: 53 }, (_, n) =>
				p.service.auth.admin.createUser({
					email: `many-${n}-${randomUUID().slice(0, 6)}@staff-search.example`,
					email_confirm: true,
					user_metadata: { first_name: 'Many', last_name: `Manyfold ${n}` },
				}),
			),
		);
		for (const { error } of made) expect(error).toBeNull();
		const hits = await search.searchCustomers(admin, 'manyfold');
		expect(hits).toHaveLength(search.maxResults);
		expect(new Set(hits.map((h) => h.id)).size).toBe(search.maxResults);
		expect(await found('@staff-search.example')).toHaveLength(search.maxResults);
	});
});

describe('the customer page', () => {
	const owned = async (
		table: 'services' | 'invoices' | 'transactions' | 'tickets',
		listed: string[],
	) => {
		const { data, error } = await p.service.from(table).select('id, user_id').in('id', listed);
		if (error) throw error;
		return { owners: new Set(data.map((row) => row.user_id)), count: data.length };
	};
	const allOf = async (table: 'services' | 'invoices' | 'transactions' | 'tickets', id: string) => {
		const { data, error } = await p.service.from(table).select('id').eq('user_id', id);
		if (error) throw error;
		return data.map((row) => row.id).toSorted();
	};

	it('lists the customer’s profile and everything of theirs, and nothing of anyone else', async () => {
		const view = (await page.customerPage(admin, demo.id))!;
		expect(view.profile).toMatchObject({
			id: demo.id,
			email: demo.email,
			firstName: 'Ingrid',
			lastName: 'Solberg',
			country: 'NO',
			locale: 'no',
			currency: 'NOK',
			city: 'Oslo',
			twoFactor: false,
		});
		const lists = {
			services: view.services.map((s) => s.id),
			invoices: view.invoices.map((i) => i.id),
			transactions: view.payments.map((t) => t.id),
			tickets: view.tickets.map((t) => t.id),
		};
		for (const [table, listed] of Object.entries(lists) as [keyof typeof lists, string[]][]) {
			expect(listed.length, table).toBeGreaterThan(0);
			const { owners, count } = await owned(table, listed);
			expect(count, table).toBe(listed.length);
			expect([...owners], table).toEqual([demo.id]);
			expect(listed.toSorted(), table).toEqual(await allOf(table, demo.id));
		}
		expect(lists.services).not.toContain(ids.valheim);
		expect(lists.tickets).toContain(ids.openTicket);
		expect(view.invoices.find((i) => i.id === ids.overdueInvoice)).toMatchObject({
			status: 'overdue',
			total: 18000,
			currency: 'NOK',
		});
		// Addresses: the game server's host:port, the VPS's IPv4 address.
		expect(view.services.find((s) => s.id === ids.palworld)?.address).toBe(panelAddress);
		expect(view.services.find((s) => s.id === vps.serviceId)).toMatchObject({
			productType: 'vps',
			address: vps.ipv4,
		});
		expect(view.payments.every((t) => t.invoiceNumber?.startsWith('INV-'))).toBe(true);
		expect(view.affiliate).toMatchObject({ joined: false });
		expect(view.referredBy).toBeNull();
	});

	it('shows the other customer only their own', async () => {
		const view = (await page.customerPage(admin, other.id))!;
		expect(view.profile.email).toBe(other.email);
		expect(view.services.map((s) => s.id)).toEqual([ids.valheim]);
		expect(view.tickets).toEqual([]);
		for (const invoice of view.invoices) {
			const { owners } = await owned('invoices', [invoice.id]);
			expect([...owners]).toEqual([other.id]);
		}
	});

	it('shows the customer’s affiliate standing as they see it, and who referred whom', async () => {
		const code = (await p.owner.rpc('join_affiliate_programme')).data as string;
		const referred = await p.service.auth.admin.createUser({
			email: `referred-${randomUUID().slice(0, 8)}@staff-search.example`,
			email_confirm: true,
			user_metadata: { referral_code: code, first_name: 'Referred' },
		});
		const referredId = referred.data.user!.id;
		// Another affiliate's standing must not leak into the demo customer's.
		await p.other.rpc('join_affiliate_programme');

		const staffView = (await page.customerPage(admin, demo.id))!.affiliate;
		const ownView = await p.owner.rpc('affiliate_overview');
		expect(staffView).toMatchObject({ joined: true, code, signUps: 1, payouts: [] });
		expect(staffView).toMatchObject(ownView.data as object);
		const referredView = (await page.customerPage(admin, referredId))!;
		expect(referredView.referredBy).toEqual({ affiliateId: demo.id, label: 1 });
		expect(referredView.affiliate.joined).toBe(false);
		expect((await page.customerPage(admin, other.id))!.affiliate).toMatchObject({
			joined: true,
			signUps: 0,
		});
	});

	it('shows the audit trail of this customer only', async () => {
		const staff = { id: randomUUID(), email: 'staff@frostnode.example' };
		const entry = (customerId: string, subject: string) =>
			audit.recordStaffAction(admin, staff, randomUUID(), {
				action: 'credit_added',
				customerId,
				subject,
				before: null,
				after: { credit: 500 },
			});
		await entry(demo.id, `invoice:${ids.overdueInvoice}`);
		await entry(other.id, `service:${ids.valheim}`);
		const trail = (await page.customerPage(admin, demo.id))!.audit;
		expect(trail.map((row) => [row.customer_id, row.subject])).toEqual([
			[demo.id, `invoice:${ids.overdueInvoice}`],
		]);
	});

	it('is null for a missing customer or an id that is not one', async () => {
		expect(await page.customerPage(admin, randomUUID())).toBeNull();
		expect(await page.customerPage(admin, 'not-a-uuid')).toBeNull();
		expect(await page.customerPage(admin, `${demo.id}'`)).toBeNull();
	});
});

describe('the console’s SQL functions', () => {
	it('are the service role’s alone', async () => {
		const calls = {
			staff_customer_emails: { ids: [demo.id] },
			staff_customers_by_email: { term: 'demo' },
			staff_affiliate_overview: { customer: demo.id },
			staff_settle_affiliate_payout: { payout: randomUUID(), outcome: 'paid' },
		} as const;
		for (const [fn, args] of Object.entries(calls))
			for (const [who, client] of [
				['visitor', p.anon],
				['customer', p.owner],
			] as const) {
				const { data, error } = await client.rpc(fn as keyof typeof calls, args as never);
				expect(data, `${who} ${fn}`).toBeNull();
				expect(error?.code, `${who} ${fn}`).toMatch(/^(42501|PGRST202)$/);
			}
		const { data } = await p.service.rpc('staff_customer_emails', { ids: [demo.id, other.id] });
		const emails = (data as { email: string }[]).map((row) => row.email);
		expect(emails.toSorted()).toEqual([demo.email, other.email].toSorted());
	});
});
