import { describe, expect, it } from 'vitest';
import { isSingularKey } from '../../i18n';
import { invoiceStatuses } from '../domain/invoice-status';
import { serviceStatuses } from '../domain/service-status';
import { approvalStatuses } from '../domain/staff-approval';
import { payoutStatuses } from '../panel/affiliate';
import { ticketStatuses } from '../panel/support';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
	it('keeps only what changed, in the record’s order, money with its currency', () => {
		expect(
			auditChanges(
				'credit_added',
				{ balance: 0, currency: 'NOK' },
				{ balance: 25000, currency: 'NOK', reason: 'Outage' },
			),
		).toEqual([
			{
				path: ['balance'],
				before: { kind: 'money', minor: 0, currency: 'NOK' },
				after: { kind: 'money', minor: 25000, currency: 'NOK' },
			},
			{ path: ['reason'], before: { kind: 'none' }, after: { kind: 'text', text: 'Outage' } },
		]);
	});

	it('labels a status by the action that recorded it', () => {
		const statusOf = (action: Parameters<typeof auditChanges>[0], status: string) =>
			auditChanges(action, null, { status })[0]?.after;
		expect(statusOf('ticket_status_changed', 'closed')).toMatchObject({
			key: 'staff.tickets.status.closed',
		});
		expect(statusOf('invoice_refunded', 'paid')).toMatchObject({
			key: 'invoice.pdf.status.paidUndated',
		});
		expect(statusOf('review_refunded', 'refunded')).toMatchObject({
			key: 'invoice.pdf.status.refunded',
		});
		expect(statusOf('payout_paid', 'paid')).toMatchObject({ key: 'affiliate.payoutStatus.paid' });
		expect(statusOf('service_suspended', 'suspended')).toMatchObject({
			key: 'panel.service.status.suspended',
		});
		expect(statusOf('approval_rejected', 'rejected')).toMatchObject({
			key: 'staff.audit.approvalStatus.rejected',
		});
		// An approval inside another action's entry is an approval's status.
		const approved = auditChanges('credit_added', {}, { approval: { status: 'approved' } });
		expect(approved[0]).toMatchObject({
			path: ['approval', 'status'],
			after: { key: 'staff.audit.approvalStatus.approved' },
		});
	});

	it('has a label for every state an action can record', () => {
		const families: [Parameters<typeof auditChanges>[0], readonly string[]][] = [
			['ticket_status_changed', ticketStatuses],
			['invoice_refunded', invoiceStatuses],
			['payout_paid', payoutStatuses],
			['approval_requested', approvalStatuses],
			['service_cancelled_now', serviceStatuses],
		];
		for (const [action, states] of families)
			for (const status of states) {
				const value = auditChanges(action, null, { status })[0]?.after;
				expect(value?.kind === 'label' && isSingularKey(value.key), `${action} ${status}`).toBe(
					true,
				);
			}
	});

	it('names every field the console’s writes record', () => {
		// The fields of each `audit` in src/server/staff/** (before and after, nested ones too).
		const fields = [
			...['status', 'reason', 'balance', 'creditNote', 'approval', 'id', 'number', 'total'],
			...['kind', 'amount', 'requestedBy', 'reviewReason', 'suspendedBy', 'suspensionReason'],
			...['cancelAtPeriodEnd', 'periodEnd', 'provisioningError', 'days', 'department'],
			...['assignee', 'length', 'mailed', 'code', 'percent', 'valid_from', 'valid_until'],
			...['max_uses', 'uses', 'first_invoice_only', 'created_at', 'value'],
		];
		expect(fields.filter((field) => !isSingularKey(`staff.audit.field.${field}`))).toEqual([]);
	});

	it('shows what it cannot read as stored, and a bare value as one field', () => {
		expect(auditChanges('ticket_replied', 'note', null)).toEqual([
			{ path: ['value'], before: { kind: 'text', text: 'note' }, after: { kind: 'none' } },
		]);
		expect(auditChanges('ticket_replied', null, { extra: [1, 2] })).toEqual([
			{ path: ['extra'], before: { kind: 'none' }, after: { kind: 'text', text: '[1,2]' } },
		]);
		expect(auditChanges('review_accepted', null, null)).toEqual([]);
		// An amount without a currency is a plain number, never money in a guessed currency.
		expect(auditChanges('payout_paid', null, { amount: 500 })[0]?.after).toEqual({
			kind: 'text',
			text: '500',
		});
	});
});
