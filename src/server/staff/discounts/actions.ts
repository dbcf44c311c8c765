import { z } from 'zod';
import { useTranslations, type Locale, type UiKey } from '../../../i18n';
import { discountCodePattern, normalizeDiscountCode } from '../../../lib/discount-code';
import type { StaffOutcome, StaffRequest } from '../write';
import { answerLanguage } from '../services/outcome';
import { discountCode, type DiscountCodeRow } from './queries';

// Creating and expiring codes from the console, so nobody writes SQL for a promotion. A code that
// was used is never deleted: expiring ends its window now, and its uses stay countable.

export type DiscountRefusal =
	'code_format' | 'percent' | 'window' | 'max_uses' | 'duplicate' | 'not_found' | 'already_expired';

const statuses: Record<DiscountRefusal, number> = {
	code_format: 400,
	percent: 400,
	window: 400,
	max_uses: 400,
	duplicate: 409,
	not_found: 404,
	already_expired: 409,
};

function refuse(code: DiscountRefusal, locale: Locale): StaffOutcome {
	const message: UiKey = `staff.discounts.error.${code}`;
	const text = useTranslations(locale)(message);
	return { status: statuses[code], body: { error: { code, message: text } } };
}

export const createBody = z.object({
	...answerLanguage,
	code: z.string().max(64),
	percent: z.number(),
	validFrom: z.iso.datetime({ offset: true }),
	validUntil: z.iso.datetime({ offset: true }).nullish(),
	maxUses: z.number().nullish(),
	firstInvoiceOnly: z.boolean(),
});
export const expireBody = z.object({
	...answerLanguage,
});

/** 0.01 to 100 per cent, at most two decimals (`numeric(5, 2)`). */
const percentSchema = z
	.number()
	.gt(0)
	.lte(100)
	.refine((n) => Math.round(n * 100) === n * 100);

const auditOf = (row: DiscountCodeRow) => ({ ...row });

export async function createDiscount(
	request: StaffRequest<z.infer<typeof createBody>>,
): Promise<StaffOutcome> {
	const { admin, locale, body } = request;
	const code = normalizeDiscountCode(body.code);
	if (!discountCodePattern.test(code)) return refuse('code_format', locale);
	if (!percentSchema.safeParse(body.percent).success) return refuse('percent', locale);
	const from = new Date(body.validFrom);
	const until = body.validUntil ? new Date(body.validUntil) : null;
	if (until && until <= from) return refuse('window', locale);
	const maxUses = body.maxUses ?? null;
	if (maxUses !== null && !(Number.isInteger(maxUses) && maxUses > 0 && maxUses <= 1_000_000))
		return refuse('max_uses', locale);
	const { error } = await admin.from('discount_codes').insert({
		code,
		percent: body.percent,
		valid_from: from.toISOString(),
		valid_until: until?.toISOString() ?? null,
		max_uses: maxUses,
		first_invoice_only: body.firstInvoiceOnly,
	});
	if (error?.code === '23505') return refuse('duplicate', locale);
	if (error) throw new Error(`discount_codes: ${error.message}`);
	const created = await discountCode(admin, code);
	if (!created) throw new Error(`discount_codes: ${code} not found after insert`);
	return {
		status: 201,
		body: { code: auditOf(created) },
		audit: {
			action: 'discount_created',
			customerId: null,
			subject: `discount:${code}`,
			before: null,
			after: auditOf(created),
		},
	};
}

/** Ends the code's window now; codes already ended (or never begun and ended) are refused. */
export async function expireDiscount(
	request: StaffRequest<object>,
	rawCode: string,
	now = new Date(),
): Promise<StaffOutcome> {
	const { admin, locale } = request;
	const code = normalizeDiscountCode(rawCode);
	const before = discountCodePattern.test(code) ? await discountCode(admin, code) : null;
	if (!before) return refuse('not_found', locale);
	if (before.valid_until !== null && new Date(before.valid_until) <= now)
		return refuse('already_expired', locale);
	// The window must end after it starts: a code not begun yet gets a window that ended too.
	const start = new Date(before.valid_from);
	const from = start < now ? start : new Date(now.getTime() - 1);
	const { error } = await admin
		.from('discount_codes')
		.update({ valid_from: from.toISOString(), valid_until: now.toISOString() })
		.eq('code', code);
	if (error) throw new Error(`discount_codes ${code}: ${error.message}`);
	const after = (await discountCode(admin, code)) ?? before;
	return {
		status: 200,
		body: { code: auditOf(after) },
		audit: {
			action: 'discount_expired',
			customerId: null,
			subject: `discount:${code}`,
			before: auditOf(before),
			after: auditOf(after),
		},
	};
}
