import { z } from 'zod';
import type { Translate } from '../../i18n';
import { billingCycleSchema, planSchema } from '../catalogue/schema';
import { formatDate } from '../format-date';
import { productOf } from '../product-name';
import { locationIdSchema } from '../domain/location';
import { locationLabel } from '../locations/label';

// What an invoice line is for, stored as data (invoice_items.line) and put into words when it is
// read, in the reader's language: text written once in English would stay English for everyone.

const count = z.number().int().min(0).max(100_000);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const plan = z.string().min(1).max(100);
const cycle = billingCycleSchema.shape.id;

/** One schema for every line the database writes; its kinds are listed nowhere else. */
export const invoiceLineSchema = z.discriminatedUnion('kind', [
	/** A new server as ordered. */
	z.object({
		kind: z.literal('plan'),
		plan,
		tier: planSchema.shape.tier,
		ramGb: count,
		cycle,
		/** The paid extras ordered with it (lines written before extras were named have none). */
		extras: z.object({ modpack: z.boolean(), subdomain: z.string().max(63).optional() }).optional(),
		/** Where it runs (lines written before issue 43 have none): the line's detail. */
		location: locationIdSchema.optional(),
	}),
	/** The next period of a server, where it runs as its detail (none before issue 43). */
	z.object({
		kind: z.literal('renewal'),
		plan,
		ramGb: count,
		cycle,
		from: isoDate,
		to: isoDate,
		location: locationIdSchema.optional(),
	}),
	/** Days overdue, one fee a day. */
	z.object({ kind: z.literal('lateFee'), days: count }),
	/** A paused server, the fee per month. */
	z.object({ kind: z.literal('pause'), plan, months: count }),
	/** A bigger build for the rest of the period, with the paid extra it adds (lines before issue 42 have none). */
	z.object({
		kind: z.literal('upgrade'),
		ramGb: count,
		storageGb: count,
		daysLeft: count,
		daysInPeriod: count,
		extras: z.object({ modpack: z.boolean() }).optional(),
	}),
	/** Service credit staff added, taken off a renewal (the invoice's discount; never below zero). */
	z.object({ kind: z.literal('credit') }),
]);

export type InvoiceLine = z.infer<typeof invoiceLineSchema>;
export type InvoiceLineKind = InvoiceLine['kind'];

export const invoiceLineKinds: readonly InvoiceLineKind[] = invoiceLineSchema.options.map(
	(option) => option.shape.kind.value,
);

const productName = (planId: string) => productOf(planId)?.name ?? planId;

/** The line in the words of `t`'s language; dates as `intlLocale` writes them. */
export function invoiceLineText(line: InvoiceLine, t: Translate, intlLocale: string): string {
	switch (line.kind) {
		case 'plan':
			return t('invoice.line.plan', {
				product: productName(line.plan),
				tier: t(`tier.${line.tier}`),
				ram: line.ramGb,
				extras: [
					...(line.extras?.modpack ? [t('invoice.line.extra.modpack')] : []),
					...(line.extras?.subdomain
						? [t('invoice.line.extra.subdomain', { label: line.extras.subdomain })]
						: []),
				]
					.map((extra) => `, ${extra}`)
					.join(''),
				cycle: t(`invoice.line.cycle.${line.cycle}`),
			});
		case 'renewal':
			return t('invoice.line.renewal', {
				product: productName(line.plan),
				ram: line.ramGb,
				cycle: t(`invoice.line.cycle.${line.cycle}`),
				from: formatDate(line.from, intlLocale),
				to: formatDate(line.to, intlLocale),
			});
		case 'lateFee':
			return t('invoice.line.lateFee', { count: line.days });
		case 'pause':
			return t('invoice.line.pause', { product: productName(line.plan), count: line.months });
		case 'upgrade':
			return t('invoice.line.upgrade', {
				ram: line.ramGb,
				storage: line.storageGb,
				extras: line.extras?.modpack ? `, ${t('invoice.line.extra.modpack')}` : '',
				daysLeft: line.daysLeft,
				days: line.daysInPeriod,
			});
		case 'credit':
			return t('staff.money.credit.line');
	}
}

/**
 * What the invoice prints under a server's line, in the reader's language: where it runs
 * ("Frankfurt, Germany"); null for other lines and for lines written without a location.
 */
export function invoiceLineDetail(
	line: InvoiceLine,
	t: Translate,
	intlLocale: string,
): string | null {
	if ((line.kind !== 'plan' && line.kind !== 'renewal') || !line.location) return null;
	return locationLabel(line.location, t(`location.${line.location}`), intlLocale);
}

/** A stored line's detail (invoiceLineDetail), or null when its data are not a valid line. */
export function storedLineDetail(row: { line?: unknown }, t: Translate, intlLocale: string) {
	const parsed = invoiceLineSchema.safeParse(row.line);
	return parsed.success ? invoiceLineDetail(parsed.data, t, intlLocale) : null;
}

/**
 * A stored line as the reader reads it: its structured form when it has a valid one, else the
 * text it was saved with (rows written before lines were stored as data, or by hand).
 */
export function storedLineText(
	row: { line?: unknown; description: string },
	t: Translate,
	intlLocale: string,
): string {
	const parsed = invoiceLineSchema.safeParse(row.line);
	return parsed.success ? invoiceLineText(parsed.data, t, intlLocale) : row.description;
}
