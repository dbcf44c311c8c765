import { z } from 'zod';
import { isBillingCountry, isCycleId } from '../../lib/catalogue';
import type { UncheckedChoice } from '../../lib/pricing';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';
import { paymentMethodSchema } from '../../lib/domain/payment-method';
import { normalizeSubdomain } from '../../lib/subdomain';
import { normalizeHostname, type VpsChoice } from '../../lib/vps/choice';
import { vpsChoiceBody } from '../../lib/vps/choice-body';
import { vpsImageIdSchema } from '../../lib/vps/images';

/**
 * The body of POST /api/checkout, checked field by field. Anything else the client sends (prices,
 * totals, percentages) is not read at all: the server prices the order itself.
 */
const text = (max: number) => z.string().trim().min(1).max(max);

export const checkoutBody = z.object({
	item: z.object({
		planId: z.string().max(60),
		ram: z.number(),
		storageGb: z.number().nullable(),
		extras: z.array(z.string().max(40)).max(10),
		/** The label of the subDomain extra (src/lib/subdomain.ts checks it when the order is priced). */
		subdomain: z.string().max(100).optional().nullable(),
		/** A VPS's image, hostname and SSH keys (src/lib/vps/choice.ts judges them when priced). */
		vps: vpsChoiceBody.optional().nullable(),
		/**
		 * Where it runs: a location id of the catalogue offering the product (checked when priced,
		 * location_unknown). Without one, the location nearest to the request's language.
		 */
		location: z.string().max(40).optional().nullable(),
		cycle: z.string().max(20),
		currency: z.string().max(3),
	}),
	discountCode: z.string().trim().max(32).optional().nullable(),
	billing: z.object({
		name: text(200),
		address: text(200),
		postcode: text(20),
		city: text(100),
		country: z.string().trim().toUpperCase().length(2),
	}),
	method: paymentMethodSchema,
	idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
	locale: z.string().optional(),
});

export type CheckoutBody = z.infer<typeof checkoutBody>;

export interface CheckoutInput {
	choice: UncheckedChoice;
	/** The subdomain label as typed, normalized; null when none was sent. */
	subdomain: string | null;
	/** The VPS choice as sent, hostname normalized; null when none was sent (or the image is unknown). */
	vps: VpsChoice | null;
	/** The location id as sent; null when none was sent (the nearest to the caller's language). */
	location: string | null;
	currency: string;
	discountCode: string | null;
	billing: CheckoutBody['billing'];
	method: PaymentMethodKind;
	idempotencyKey: string;
}

export type InputProblem = 'unknown_cycle' | 'unknown_country';

/** The typed choice, or the first thing about it the catalogue cannot take. */
export function toCheckoutInput(body: CheckoutBody): CheckoutInput | InputProblem {
	const { item } = body;
	if (!isCycleId(item.cycle)) return 'unknown_cycle';
	if (!isBillingCountry(body.billing.country)) return 'unknown_country';
	return {
		// Extras are checked against the plan when the order is priced (unknown_extra).
		choice: {
			planId: item.planId,
			ram: item.ram,
			storageGb: item.storageGb,
			extras: item.extras,
			cycle: item.cycle,
		},
		subdomain: item.subdomain ? normalizeSubdomain(item.subdomain) : null,
		vps: vpsOf(item.vps),
		location: item.location ?? null,
		currency: item.currency.toUpperCase(),
		discountCode: body.discountCode ? body.discountCode.toUpperCase() : null,
		billing: body.billing,
		method: body.method,
		idempotencyKey: body.idempotencyKey,
	};
}

/** The VPS part of a request: an unknown image is no choice (vps_image_unknown when priced). */
function vpsOf(sent: CheckoutBody['item']['vps']): VpsChoice | null {
	const image = vpsImageIdSchema.safeParse(sent?.image);
	if (!sent || !image.success) return null;
	// The keys come normalized and each once (sshKeysBody).
	return {
		image: image.data,
		hostname: normalizeHostname(sent.hostname),
		sshKeys: sent.sshKeys ?? [],
	};
}
