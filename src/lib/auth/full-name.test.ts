import { describe, expect, it } from 'vitest';
import { splitFullName } from './full-name';

describe('splitFullName', () => {
	it('takes the last word as the last name', () => {
		expect(splitFullName('Ola Nordmann')).toEqual({ firstName: 'Ola', lastName: 'Nordmann' });
		expect(splitFullName('  Anne  Marie Berg ')).toEqual({
			firstName: 'Anne Marie',
			lastName: 'Berg',
		});
	});

	it('keeps one word as the first name and nothing as nothing', () => {
		expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
		expect(splitFullName('   ')).toEqual({ firstName: '', lastName: '' });
	});
});
