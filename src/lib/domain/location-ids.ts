/**
 * The location ids without their schema (location.ts): what the storefront's islands check a
 * stored cart or an answer against, so no chunk they share with the panel brings zod along.
 */
export const locationIds = ['oslo', 'frankfurt', 'stockholm', 'copenhagen', 'helsinki'] as const;
export type LocationId = (typeof locationIds)[number];

export function isLocationId(value: unknown): value is LocationId {
	return (locationIds as readonly unknown[]).includes(value);
}
