import { findGame } from '../../../lib/games';
import type { ServiceRef } from '../../../lib/panel/types';

/** "Palworld · Pal island": the game (or VPS) and the customer's own label when they gave one. */
export function serviceName(service: ServiceRef | null, t: (key: string) => string): string {
	if (!service) return '—';
	const product =
		service.type === 'vps'
			? t('invoice.type.vps')
			: (findGame(service.game ?? '')?.name ?? service.game ?? '');
	return service.label ? `${product} · ${service.label}` : product;
}
