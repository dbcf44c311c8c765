import { z } from 'zod';

/**
 * Why a paid order was cancelled instead of fulfilled (`orders.cancel_reason` allows the same):
 * `no_vps_address`, no IPv4 address was left in the pool when the payment arrived, so it was
 * refunded in full (docs/checkout.md).
 */
export const orderCancelReasons = ['no_vps_address'] as const;
export type OrderCancelReason = (typeof orderCancelReasons)[number];

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const orderCancelReasonSchema = /* @__PURE__ */ z.enum(orderCancelReasons);
