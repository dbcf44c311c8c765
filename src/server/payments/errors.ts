/** The webhook did not verify (missing, wrong or stale signature): answer 400, change nothing. */
export class WebhookSignatureError extends Error {
	override name = 'WebhookSignatureError';
}

/** The gateway is not (or wrongly) configured; the message names the variable to set. */
export class PaymentConfigError extends Error {
	override name = 'PaymentConfigError';
}

/** A CheckoutRequest the gateway cannot honour (method not offered in that currency, bad amount). */
export class PaymentRequestError extends Error {
	override name = 'PaymentRequestError';
}
