import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import AuditTable from '../../src/components/staff/AuditTable.astro';
import { localeCodes } from '../../src/i18n';
import type { AuditRow } from '../../src/server/staff/audit';

// The audit log's before and after, as staff read them: one line per field that changed, with the
// field's name, the value before and after, money, dates and states written out in the page's
// language; never the stored JSON.

const container = await AstroContainer.create();

const ids = {
	service: '6f1d2c5e-1111-4a4a-8b8b-000000000001',
	invoice: '6f1d2c5e-1111-4a4a-8b8b-000000000002',
	ticket: '6f1d2c5e-1111-4a4a-8b8b-000000000003',
	note: '6f1d2c5e-1111-4a4a-8b8b-000000000004',
	approval: '6f1d2c5e-1111-4a4a-8b8b-000000000005',
};

let next = 0;
function row(
	action: AuditRow['action'],
	subject: string,
	before: unknown,
	after: unknown,
): AuditRow {
	return {
		id: (next += 1),
		staff_email: 'kari@frostnode.example',
		action,
		customer_id: null,
		subject,
		before,
		after,
		at: '2027-01-14T09:30:00Z',
	};
}

const facts = {
	status: 'active',
	suspendedBy: null,
	suspensionReason: null,
	cancelAtPeriodEnd: false,
	periodEnd: '2027-02-01T00:00:00+00:00',
	provisioningError: null,
};

// The shapes the console's writes store (src/server/staff/**: the `audit` of each outcome).
const rows: AuditRow[] = [
	row(
		'credit_added',
		`service:${ids.service}`,
		{ balance: 1000, currency: 'EUR' },
		{ balance: 1500, currency: 'EUR', reason: 'Outage on 3 January' },
	),
	row('service_suspended', `service:${ids.service}`, facts, {
		...facts,
		status: 'suspended',
		suspendedBy: 'staff',
		suspensionReason: 'Abuse report',
	}),
	row('days_extended', `service:${ids.service}`, facts, {
		...facts,
		periodEnd: '2027-02-08T00:00:00+00:00',
		days: 7,
		reason: 'Outage',
	}),
	row(
		'invoice_refunded',
		`invoice:${ids.invoice}`,
		{ status: 'paid' },
		{
			status: 'refunded',
			reason: 'Double charge',
			creditNote: { id: ids.note, number: 'CN-2027-0004', total: 1250, currency: 'EUR' },
			approval: {
				id: ids.approval,
				kind: 'refund',
				amount: 1250,
				currency: 'EUR',
				requestedBy: 'ola@frostnode.example',
				status: 'approved',
			},
		},
	),
	row('ticket_status_changed', `ticket:${ids.ticket}`, { status: 'open' }, { status: 'closed' }),
	row(
		'ticket_assigned',
		`ticket:${ids.ticket}`,
		{ assignee: null },
		{ assignee: { id: ids.approval, email: 'kari@frostnode.example' } },
	),
	row('discount_created', 'discount:SPRING25', null, {
		code: 'SPRING25',
		percent: 25,
		valid_from: '2027-03-01T00:00:00+00:00',
		valid_until: null,
		max_uses: 100,
		uses: 0,
		first_invoice_only: true,
		created_at: '2027-01-14T09:30:00+00:00',
	}),
];

const render = (locale: (typeof localeCodes)[number], shown = rows) =>
	container.renderToString(AuditTable, { props: { locale, rows: shown } });

/** The change cell of one audit row, as field → [before, after] in visible text. */
function changes(html: string, action: string): Record<string, [string, string]> {
	const cell = new RegExp(
		`data-audit-action="${action}"[\\s\\S]*?</tr>\\s*</tbody>\\s*</table>`,
	).exec(html)?.[0];
	const text = (part: string) =>
		part
			.replace(/<[^>]+>/g, '')
			.replace(/&nbsp;|\u00a0/g, ' ')
			.replace(/&#39;/g, "'")
			.replace(/\s+/g, ' ')
			.trim();
	const found: Record<string, [string, string]> = {};
	for (const [, field, body] of (cell ?? '').matchAll(
		/data-audit-field="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g,
	)) {
		const cells = [...body!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((m) => text(m[1]!));
		found[field!] = [cells[1] ?? '', cells[2] ?? ''];
	}
	return found;
}

describe('the audit log’s changes', () => {
	it('never show the stored JSON', async () => {
		for (const locale of localeCodes) {
			const html = await render(locale);
			expect(html).not.toMatch(/\{&quot;|\{"|&quot;:/);
		}
	});

	it('list each changed field with its value before and after, money in its currency', async () => {
		const html = await render('en');
		expect(changes(html, 'credit_added')).toEqual({
			balance: ['€10.00', '€15.00'],
			reason: ['–', 'Outage on 3 January'],
		});
		// Fields that stayed the same are left out; states and who suspended read as labels.
		expect(changes(html, 'service_suspended')).toEqual({
			status: ['Active', 'Suspended'],
			suspendedBy: ['–', 'Staff'],
			suspensionReason: ['–', 'Abuse report'],
		});
		expect(changes(html, 'days_extended')).toEqual({
			periodEnd: ['Feb 1, 2027', 'Feb 8, 2027'],
			days: ['–', '7'],
			reason: ['–', 'Outage'],
		});
		expect(changes(html, 'ticket_status_changed')).toEqual({
			status: ['Open: waiting for us', 'Closed'],
		});
		expect(changes(html, 'ticket_assigned')).toEqual({
			assignee: ['–', 'kari@frostnode.example'],
		});
	});

	it('open nested records (the credit note, the approval) field by field', async () => {
		const refund = changes(await render('en'), 'invoice_refunded');
		expect(refund.status).toEqual(['Paid', 'Refunded']);
		expect(refund['creditNote.number']).toEqual(['–', 'CN-2027-0004']);
		expect(refund['creditNote.total']).toEqual(['–', '€12.50']);
		expect(refund['approval.status']).toEqual(['–', 'Approved']);
		expect(refund['approval.kind']).toEqual(['–', 'Refund of an invoice']);
		expect(refund['approval.amount']).toEqual(['–', '€12.50']);
		expect(refund['approval.requestedBy']).toEqual(['–', 'ola@frostnode.example']);
		expect(Object.keys(refund)).not.toContain('creditNote.currency');
	});

	it('write percentages, dates and yes or no as the reader does', async () => {
		const created = changes(await render('en'), 'discount_created');
		expect(created.percent).toEqual(['–', '25%']);
		expect(created.valid_from).toEqual(['–', 'Mar 1, 2027']);
		expect(created.first_invoice_only).toEqual(['–', 'Yes']);
		expect(created.max_uses).toEqual(['–', '100']);
	});

	it('name every field and value in each language', async () => {
		const de = await render('de');
		expect(changes(de, 'credit_added').balance).toEqual(['10,00 €', '15,00 €']);
		expect(changes(de, 'service_suspended').status).toEqual(['Aktiv', 'Gesperrt']);
		expect(changes(de, 'days_extended').periodEnd).toEqual(['01.02.2027', '08.02.2027']);
		for (const locale of localeCodes) {
			const html = await render(locale);
			// No raw translation keys, no field left under its stored name.
			expect(html).not.toMatch(
				/staff\.audit\.|>(suspendedBy|periodEnd|creditNote\.\w+|first_invoice_only)</,
			);
			const header = /data-audit-diff[\s\S]*?<\/thead>/.exec(html)?.[0] ?? '';
			expect(header).toMatch(/<th[^>]*scope="col"/);
		}
	});

	it('say when nothing was recorded before or after', async () => {
		const html = await render('en', [row('review_accepted', `invoice:${ids.invoice}`, null, null)]);
		expect(html).toContain('data-audit-action="review_accepted"');
		expect(html).not.toContain('data-audit-field');
		expect(html).toContain('No details recorded');
	});
});
