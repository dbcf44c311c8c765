import { z } from 'zod';

/**
 * Where an upgrade stands: quoted and invoiced (pending), paid, applied on the game panel, or
 * cancelled with its invoice; `service_upgrades.status` allows the same.
 */
export const upgradeStatuses = ['pending', 'paid', 'applied', 'cancelled'] as const;
export type UpgradeStatus = (typeof upgradeStatuses)[number];

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const upgradeStatusSchema = /* @__PURE__ */ z.enum(upgradeStatuses);
