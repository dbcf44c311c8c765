import { describe, expect, it } from 'vitest';
import { parseCapacityList } from './capacity-list';

const fields = ['memory GB', 'disk GB'] as const;
const known = (name: string) => ['oslo', 'frankfurt'].includes(name);

describe('parseCapacityList', () => {
	it('reads name=numbers entries, spaces and empty parts ignored', () => {
		expect(parseCapacityList('X', ' frankfurt = 8:100 , oslo=512:8000,', fields, known)).toEqual({
			entries: { frankfurt: [8, 100], oslo: [512, 8000] },
		});
		expect(parseCapacityList('X', undefined, fields, known)).toEqual({ entries: {} });
	});

	it('names the setting and the entry it cannot read', () => {
		expect(parseCapacityList('X', 'atlantis=1:2', fields, known)).toEqual({
			problem: 'X names "atlantis", which is not one it knows (name=memory GB:disk GB)',
		});
		for (const bad of ['oslo=8', 'oslo=8:1:2', 'oslo=-1:2', 'oslo=1.5:2', 'oslo', 'oslo=a:b'])
			expect(parseCapacityList('X', bad, fields, known)).toEqual({
				problem: expect.stringMatching(/^X must be name=memory GB:disk GB entries/),
			});
		expect(parseCapacityList('X', 'oslo=1:2,oslo=3:4', fields, known)).toEqual({
			problem: 'X names "oslo" twice',
		});
	});
});
