import { z } from 'zod';

/** How often a service is invoiced; the database's `billing_cycle` domain allows the same. */
export const billingCycles = ['monthly', 'quarterly', 'semiannually', 'annually'] as const;
export type BillingCycleId = (typeof billingCycles)[number];

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const billingCycleIdSchema = /* @__PURE__ */ z.enum(billingCycles);
