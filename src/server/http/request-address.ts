import type { APIContext } from 'astro';
import { normaliseAddress } from './client-address';

/**
 * The address per-client limits key on: what the site server resolved (socket peer, or the first
 * untrusted hop behind a named proxy), else, under Astro's dev server, the socket peer.
 */
export function clientAddressOf(context: Pick<APIContext, 'locals' | 'clientAddress'>): string {
	if (context.locals.clientAddress) return context.locals.clientAddress;
	try {
		return normaliseAddress(context.clientAddress);
	} catch {
		return 'unknown';
	}
}
