import { z } from 'zod';

/**
 * The ways a customer can pay. Which of them a currency offers is src/lib/payment-methods.ts; the
 * database's `profiles.payment_method` adds `none` (no preference yet).
 */
export const paymentMethods = ['card', 'paypal', 'mobilepay'] as const;
export type PaymentMethodKind = (typeof paymentMethods)[number];

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const paymentMethodSchema = /* @__PURE__ */ z.enum(paymentMethods);
