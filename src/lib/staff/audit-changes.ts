import type { StaffAction } from '../domain/staff-action';

/**
 * The audit log's before and after (the JSON each staff write stores, src/server/staff/**) as a
 * field-by-field list of what changed, each value tagged with how to write it: money in its
 * currency, dates, states and other stored codes by their label. Pure: the page translates.
 */
export type AuditValue =
	| { kind: 'none' }
	| { kind: 'money'; minor: number; currency: string }
	| { kind: 'date'; iso: string }
	/** A stored code's label (`key`), or `value` as it is where there is no such label. */
	| { kind: 'label'; key: string; value: string }
	| { kind: 'yesNo'; yes: boolean }
	| { kind: 'percent'; value: number }
	| { kind: 'number'; value: number }
	| { kind: 'text'; text: string };

export interface AuditChange {
	/** The field's path: `status`, or `creditNote.total` inside a nested record. */
	path: string[];
	before: AuditValue;
	after: AuditValue;
}

/** Which states a `status` names, by the action that recorded it. */
type StatusFamily = 'ticket' | 'invoice' | 'payout' | 'service' | 'approval';
const statusFamily: Record<StaffAction, StatusFamily> = {
	ticket_replied: 'ticket',
	ticket_department_changed: 'ticket',
	ticket_status_changed: 'ticket',
	ticket_assigned: 'ticket',
	invoice_refunded: 'invoice',
	credit_added: 'service',
	days_extended: 'service',
	review_accepted: 'invoice',
	review_refunded: 'invoice',
	payout_paid: 'payout',
	payout_rejected: 'payout',
	service_suspended: 'service',
	service_unsuspended: 'service',
	service_cancelled_at_period_end: 'service',
	service_cancelled_now: 'service',
	provisioning_retried: 'service',
	provisioning_abandoned: 'service',
	game_console_opened: 'service',
	discount_created: 'service',
	discount_expired: 'service',
	approval_requested: 'approval',
	approval_rejected: 'approval',
};

const statusKey: Record<StatusFamily, (status: string) => string> = {
	ticket: (s) => `staff.tickets.status.${s}`,
	// A paid invoice's own label names its payment date, which the log does not keep.
	invoice: (s) => (s === 'paid' ? 'invoice.pdf.status.paidUndated' : `invoice.pdf.status.${s}`),
	payout: (s) => `affiliate.payoutStatus.${s}`,
	service: (s) => `panel.service.status.${s}`,
	approval: (s) => `staff.audit.approvalStatus.${s}`,
};

/** Other stored codes with labels of their own. */
const codeKey: Record<string, (code: string) => string> = {
	suspendedBy: (c) => `staff.services.suspendedBy.${c}`,
	department: (c) => `support.department.${c}`,
	kind: (c) => `staff.money.approval.kind.${c}`,
};

const moneyFields = new Set(['balance', 'amount', 'total']);
const dateFields = new Set(['periodEnd', 'valid_from', 'valid_until', 'created_at', 'until']);
const yesNoFields = new Set(['cancelAtPeriodEnd', 'mailed', 'first_invoice_only']);
const numberFields = new Set(['days', 'length', 'uses', 'max_uses']);

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
/** A record's own fields; anything else recorded whole is one field, `value`. */
const fieldsOf = (value: unknown): Fields =>
	isRecord(value) ? value : value === null || value === undefined ? {} : { value };

function valueOf(field: string, raw: unknown, record: Fields, family: StatusFamily): AuditValue {
	if (raw === null || raw === undefined || raw === '') return { kind: 'none' };
	const currency = record.currency;
	if (moneyFields.has(field) && typeof raw === 'number' && typeof currency === 'string')
		return { kind: 'money', minor: raw, currency };
	if (dateFields.has(field) && typeof raw === 'string') return { kind: 'date', iso: raw };
	if (yesNoFields.has(field) && typeof raw === 'boolean') return { kind: 'yesNo', yes: raw };
	if (field === 'percent' && typeof raw === 'number') return { kind: 'percent', value: raw };
	if (numberFields.has(field) && typeof raw === 'number') return { kind: 'number', value: raw };
	if (typeof raw === 'string' && field === 'status')
		return { kind: 'label', key: statusKey[family](raw), value: raw };
	if (typeof raw === 'string' && codeKey[field])
		return { kind: 'label', key: codeKey[field](raw), value: raw };
	// A person (a ticket's assignee) by their address.
	if (isRecord(raw) && typeof (raw.email ?? raw.id) === 'string')
		return { kind: 'text', text: String(raw.email ?? raw.id) };
	// Anything else (a record, a list, a number or flag without a label) as stored.
	return { kind: 'text', text: typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? '') };
}

/** Records nested in a change (a refund's credit note, an approval) are opened field by field. */
const nested = new Set(['creditNote', 'approval']);

function changesIn(
	path: string[],
	before: Fields,
	after: Fields,
	family: StatusFamily,
): AuditChange[] {
	const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
	const hasMoney = fields.some((field) => moneyFields.has(field));
	return fields.flatMap((field) => {
		const [was, is] = [before[field], after[field]];
		if (JSON.stringify(was ?? null) === JSON.stringify(is ?? null)) return [];
		// The currency is written with the amounts it belongs to.
		if (field === 'currency' && hasMoney) return [];
		if (nested.has(field) && (isRecord(was) || isRecord(is)))
			return changesIn(
				[...path, field],
				fieldsOf(was),
				fieldsOf(is),
				field === 'approval' ? 'approval' : family,
			);
		return [
			{
				path: [...path, field],
				before: valueOf(field, was, before, family),
				after: valueOf(field, is, after, family),
			},
		];
	});
}

/** What a staff write changed, field by field, in the order the record names them. */
export function auditChanges(action: StaffAction, before: unknown, after: unknown): AuditChange[] {
	return changesIn([], fieldsOf(before), fieldsOf(after), statusFamily[action]);
}
