import { describe, expect, it } from 'vitest';
import { passwordWeaknesses } from './password-policy';

describe('passwordWeaknesses', () => {
	it.each([
		['short1!', ['length']],
		['password123', ['common']],
		['aaaaaaaaaaaa', ['simple']],
		['1234512345', ['simple']],
		['abc', ['length', 'simple']],
		['correct horse battery staple', []],
		['Fjord-Lynx-42-Harbor', []],
		['ÆØÅæøå123', []],
	])('%s → %j', (password, expected) => {
		expect(passwordWeaknesses(password)).toEqual(expected);
	});
});
