import { z } from 'zod';

/**
 * The payment gateways a payment, refund, saved method or credit note goes through: Stripe in
 * production, the embedded test gateway everywhere else. `transactions`, `payment_methods` and
 * `credit_notes` allow the same; an invoice or payment event may also be settled by a discount
 * `code` that brought it to zero (`settledBy`).
 */
export const gatewayNames = ['stripe', 'test'] as const;
export type GatewayName = (typeof gatewayNames)[number];

export const settledBy = [...gatewayNames, 'code'] as const;

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const gatewayNameSchema = /* @__PURE__ */ z.enum(gatewayNames);
