import { findGame } from '../../../lib/games';
import type { ServiceRef } from '../../../lib/panel/types';

/**
 * "Palworld · Pal island": the game and the customer's own label when they gave one; "VPS ·
 * web-1": a VPS and its machine's hostname, the name the customer gave it at the order.
 */
export function serviceName(service: ServiceRef | null, t: (key: string) => string): string {
	if (!service) return '—';
	if (service.type === 'vps') {
		const name = service.hostname || service.label;
		return name ? `${t('invoice.type.vps')} · ${name}` : t('invoice.type.vps');
	}
	const game = findGame(service.game ?? '')?.name ?? service.game ?? '';
	return service.label ? `${game} · ${service.label}` : game;
}
