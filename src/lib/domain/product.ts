import { z } from 'zod';

/** What the catalogue sells; `services.product_type` allows the same. */
export const productTypes = ['game', 'vps'] as const;
export type ProductType = (typeof productTypes)[number];

/** A plan's tier; `services.tier` allows the same. */
export const tiers = ['budget', 'premium', 'standard'] as const;
export type Tier = (typeof tiers)[number];

// Pure: browser code that needs only the lists or the types leaves zod out of its bundle.
export const productTypeSchema = /* @__PURE__ */ z.enum(productTypes);
export const tierSchema = /* @__PURE__ */ z.enum(tiers);
