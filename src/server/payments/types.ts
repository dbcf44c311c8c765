import type { GatewayName } from '../../lib/domain/gateway';
import type { Currency } from '../../lib/domain/currency';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

// The payment port: what checkout and fulfilment depend on. index.ts picks the implementation from
// the environment; code that takes money never names one. Amounts are integers in minor units.

export interface CheckoutRequest {
	invoiceId: string;
	orderId: string;
	/** Minor units, VAT included. */
	amount: number;
	currency: Currency;
	/** One of `methodsFor(currency)`; anything else is refused with a PaymentRequestError. */
	method: PaymentMethodKind;
	customer: { profileId: string; email: string; name: string; gatewayCustomerId?: string | null };
	/** e.g. "Palworld server, 8 GB, monthly": the line the customer sees on the payment page. */
	description: string;
	locale: 'en' | 'no' | 'da' | 'de';
	/** Absolute. `{CHECKOUT_SESSION_ID}` in it is replaced by the session id (by either gateway). */
	successUrl: string;
	cancelUrl: string;
	/** Deterministic per attempt (e.g. `checkout:<orderId>:<n>`), so a retried request is one session. */
	idempotencyKey: string;
}

export interface CheckoutSession {
	sessionId: string;
	/** Where to send the browser. */
	url: string;
	/** Set when the gateway has (or just made) a customer record to remember for this profile. */
	gatewayCustomerId?: string;
}

/** A page where the customer saves a card for renewals without paying (the panel's "Add card"). */
export interface CardSetupRequest {
	customer: CheckoutRequest['customer'];
	locale: CheckoutRequest['locale'];
	/** Absolute: where the gateway sends the customer once the card is saved, or on Cancel. */
	successUrl: string;
	cancelUrl: string;
	/** The same key gives the same page (and, at Stripe, the same new customer). */
	idempotencyKey: string;
}

/** A card as the gateway describes it; never its number. */
export interface SavedMethod {
	gatewayMethodId: string;
	/**
	 * The gateway's name for the card itself, the same on every payment (each checkout gives the
	 * card a new method id): one card is one saved entry. Absent when the gateway gives none.
	 */
	fingerprint?: string;
	brand: string;
	last4: string;
	expMonth: number;
	expYear: number;
}

/** A renewal charged to a card the customer saved, without them present (off-session). */
export interface OffSessionCharge {
	invoiceId: string;
	/** Minor units, VAT and any late fee included. */
	amount: number;
	currency: CheckoutRequest['currency'];
	gatewayCustomerId: string | null;
	/** The saved method's id at the gateway (payment_methods.gateway_reference). */
	methodId: string;
	description: string;
	/** One per invoice and attempt, so a retried request never charges twice. */
	idempotencyKey: string;
}

export type ChargeResult =
	| { ok: true; paymentId: string }
	/** Declined, or the bank wants the customer present: the invoice stays open to pay by hand. */
	| { ok: false; reason: string };

/** Money given back on a payment (the money-back guarantee). */
export interface RefundRequest {
	/** The payment to refund: the id its 'paid' event carried (a Stripe payment intent). */
	paymentId: string;
	/** Minor units; never more than the payment took. */
	amount: number;
	currency: string;
	invoiceId: string;
	/** One per invoice, so asking again never refunds twice. */
	idempotencyKey: string;
}

export type PaymentEvent =
	| {
			kind: 'paid';
			eventId: string;
			gateway: string;
			invoiceId: string;
			amount: number;
			currency: string;
			paymentId: string;
			method: PaymentMethodKind;
			/** A card the customer agreed to save for renewals (off-session); never for wallets. */
			savedMethod?: {
				gatewayMethodId: string;
				/** As SavedMethod's: one card is one saved entry. */
				fingerprint?: string;
				brand?: string;
				last4?: string;
				expMonth?: number;
				expYear?: number;
			};
			gatewayCustomerId?: string;
			/** The card it was paid with, when known (the saved card a renewal charged). */
			card?: { brand: string; last4: string };
			/** When it was paid (ISO 8601); absent: now. The billing run's charge gives its clock. */
			at?: string;
	  }
	| { kind: 'failed'; eventId: string; gateway: string; invoiceId: string; reason: string }
	| {
			kind: 'refunded';
			eventId: string;
			gateway: string;
			invoiceId: string;
			/** Total refunded on this payment so far (not this refund alone): take the largest seen. */
			amount: number;
			currency: string;
			/** The payment that was refunded: the same id its 'paid' event carried. */
			paymentId: string;
	  }
	| {
			/** A card saved on a setup page (createCardSetup): stored for renewals, nothing paid. */
			kind: 'card_saved';
			eventId: string;
			gateway: string;
			profileId: string;
			savedMethod: SavedMethod;
			gatewayCustomerId?: string;
	  }
	| { kind: 'ignored'; eventId: string; gateway: string; type: string };

export interface PaymentGateway {
	readonly name: GatewayName;
	/** Per the method matrix (README); the test gateway offers the same matrix. */
	methodsFor(currency: string): PaymentMethodKind[];
	createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
	/**
	 * Verifies the signature on the RAW body and returns a normalised event; throws
	 * WebhookSignatureError (→ 400) when it does not verify or is too old. For Stripe, re-reads the
	 * session / payment intent from the API before reporting 'paid'.
	 */
	parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>;
	/** Charges a saved card now; throws only when the gateway cannot be reached or is misconfigured. */
	chargeSaved(charge: OffSessionCharge): Promise<ChargeResult>;
	/** Refunds (part of) a payment; rejects when the gateway refuses (e.g. more than was taken). */
	refund(request: RefundRequest): Promise<{ refundId: string }>;
	/**
	 * Closes the payment page of `sessionId` (its invoice can no longer be paid), so it takes no
	 * payment; resolves also when it was closed already. A payment that arrives anyway is refunded.
	 */
	closeCheckout(sessionId: string): Promise<void>;
	/** A page to save a card without paying; its outcome arrives as a 'card_saved' webhook. */
	createCardSetup(request: CardSetupRequest): Promise<CheckoutSession>;
	/**
	 * Makes a saved card unusable at the gateway. Resolves when it is gone, also when it already
	 * was; rejects only when the gateway cannot be reached or refuses for another reason.
	 */
	detachMethod(methodId: string): Promise<void>;
	/**
	 * For the readiness check: resolves when the gateway can be used now (for Stripe, an
	 * authenticated read answered within about 3 s), else rejects with an Error saying what failed.
	 * The message never holds a key: operators' monitoring shows it.
	 */
	probe(): Promise<void>;
}
