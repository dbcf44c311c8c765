import { describe, expect, it, vi } from 'vitest';
import { pickAdapter } from './pick-adapter';

describe('pickAdapter', () => {
	it('makes the adapter once for the same settings, and again when one changes', () => {
		const create = vi.fn((env: Record<string, string | undefined>) => ({ url: env.URL }));
		const pick = pickAdapter(['URL', 'KEY'], create);
		const first = pick({ URL: 'a', KEY: 'k', OTHER: '1' });
		expect(pick({ URL: 'a', KEY: 'k', OTHER: '2' })).toBe(first);
		expect(create).toHaveBeenCalledTimes(1);
		expect(pick({ URL: 'b', KEY: 'k' })).toEqual({ url: 'b' });
		expect(pick({ URL: 'b' })).not.toBe(first);
		expect(create).toHaveBeenCalledTimes(3);
	});

	it('tells an unset setting from one set to the empty string only as the adapter reads them', () => {
		const pick = pickAdapter(['A', 'B'], (env) => ({ a: env.A, b: env.B }));
		// "x" then "" and "" then "x" must not share a key.
		expect(pick({ A: 'x', B: '' })).toEqual({ a: 'x', b: '' });
		expect(pick({ A: '', B: 'x' })).toEqual({ a: '', b: 'x' });
	});
});
