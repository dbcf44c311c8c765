import { z } from 'zod';

/**
 * Where a service stands, from paid-for to ended; `services.status` allows the same. A pause is
 * `suspended` with a pause on record; cancelled ended at the customer's wish, terminated unpaid.
 */
export const serviceStatuses = [
	'pending_payment',
	'provisioning',
	'active',
	'suspended',
	'cancelled',
	'terminated',
] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const serviceStatusSchema = /* @__PURE__ */ z.enum(serviceStatuses);

/** Ended: cancelled at the customer's wish or terminated unpaid. Nothing runs, nothing is billed. */
export const endedStatuses = [
	'cancelled',
	'terminated',
] as const satisfies readonly ServiceStatus[];

export function isEnded(status: string): boolean {
	return (endedStatuses as readonly string[]).includes(status);
}
