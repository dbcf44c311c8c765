import type { ExtraId } from '../catalogue';

/** How a service row records its paid extras (the `services` columns). */
export interface ExtrasHeld {
	modpack_installation: boolean;
	subdomain_extra: boolean;
}

/** The catalogue extras a service was sold with: what every later price of it must include. */
export function extrasOfService(service: ExtrasHeld): ExtraId[] {
	return [
		...(service.modpack_installation ? (['modpackInstallation'] as const) : []),
		...(service.subdomain_extra ? (['subDomain'] as const) : []),
	];
}

/**
 * The extras a service has after a change: what it holds and what is added; an upgrade never
 * removes one (the price it pays for stays in the cycle amount), whatever the request leaves out.
 */
export function extrasAfter(service: ExtrasHeld, added: readonly string[]): string[] {
	return [...new Set([...extrasOfService(service), ...added])];
}
