import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-strength';

describe('passwordProblems', () => {
	it.each([
		'          ',
		'aaaaaaaaaa',
		'abcdefghij',
		'Passw0rd!!',
		'frostnode-demo-2026',
		'qwertyuiop',
		'passord1234',
		'Sommer2026!',
		'1234567890',
	])('refuses %j with reasons', (password) => {
		const reasons = passwordProblems(password);
		expect(reasons.length).toBeGreaterThan(0);
	});

	it('refuses a short password for its length', () => {
		expect(passwordProblems('x9#Lq')).toContain('length');
	});

	it('refuses a password made of the person’s own name and e-mail', () => {
		expect(passwordProblems('kari.nordmann1', ['kari.nordmann@example.com', 'Kari'])).toContain(
			'userInputs',
		);
	});

	it('refuses more than 72 bytes', () => {
		expect(passwordProblems('ø'.repeat(37))).toEqual(['tooLong']);
	});

	it.each(['correct horse battery staple', 'Glacier-Tundra-Lantern-58', 'mZ7$qv!2Lp0#rT'])(
		'accepts %j',
		(password) => expect(passwordProblems(password)).toEqual([]),
	);
});
