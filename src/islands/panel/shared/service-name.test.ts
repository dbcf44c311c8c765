import { describe, expect, it } from 'vitest';
import en from '../../../i18n/ui/en.json' with { type: 'json' };
import type { ServiceRef } from '../../../lib/panel/types';
import { serviceName } from './service-name';

const t = (key: string) => (en as Record<string, string>)[key] ?? key;
const ref = (over: Partial<ServiceRef>): ServiceRef => ({
	id: 'x',
	type: 'game',
	game: 'palworld',
	plan: 'palworld-standard',
	label: '',
	hostname: null,
	...over,
});

describe('serviceName', () => {
	it('names a game server by its game and the customer’s label', () => {
		expect(serviceName(ref({ label: 'Pal island' }), t)).toBe('Palworld · Pal island');
		expect(serviceName(ref({}), t)).toBe('Palworld');
	});

	it('names a VPS by its hostname (issue 39), not "VPS" alone', () => {
		const vps = { type: 'vps' as const, game: null, plan: 'vps-premium' };
		expect(serviceName(ref({ ...vps, hostname: 'web-1' }), t)).toBe('VPS · web-1');
		expect(serviceName(ref({ ...vps, hostname: null }), t)).toBe('VPS');
		expect(serviceName(null, t)).toBe('—');
	});
});
