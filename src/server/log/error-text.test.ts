import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

describe('errorText', () => {
	it('reads an Error’s message, and anything else thrown as text', () => {
		expect(errorText(new TypeError('bad JSON'))).toBe('bad JSON');
		expect(errorText('plain string')).toBe('plain string');
		expect(errorText({ code: 'E' })).toBe('[object Object]');
		expect(errorText(undefined)).toBe('undefined');
	});
});
