import { describe, expect, it } from 'vitest';
import { verify } from 'unixcrypt';
import { findVpsImage } from '../../lib/vps/images';
import { accessFor, cryptHash, generatePassword, passwordAlphabet } from './password';

describe('a generated VPS password', () => {
	it('is 20 characters of the unambiguous alphabet, with a capital, a small letter and a digit', () => {
		for (let i = 0; i < 200; i++) {
			const password = generatePassword();
			expect(password).toHaveLength(20);
			expect([...password].every((c) => passwordAlphabet.includes(c))).toBe(true);
			expect(password).toMatch(/[A-Z]/);
			expect(password).toMatch(/[a-z]/);
			expect(password).toMatch(/[0-9]/);
		}
		expect(passwordAlphabet).not.toMatch(/[0O1lI]/);
		expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
	});
});

describe('the SHA-512 crypt hash Linux gets', () => {
	it('is $6$ with a fresh 16-character salt, and verifies', () => {
		const hash = cryptHash('Kx7mRampVq9sledHt4w');
		expect(hash).toMatch(/^\$6\$[./0-9A-Za-z]{16}\$[./0-9A-Za-z]{86}$/);
		expect(verify('Kx7mRampVq9sledHt4w', hash)).toBe(true);
		expect(verify('Kx7mRampVq9sledHt4x', hash)).toBe(false);
		expect(cryptHash('Kx7mRampVq9sledHt4w')).not.toBe(hash);
	});

	it('matches the test vector of the SHA-crypt specification (Drepper)', () => {
		expect(cryptHash('Hello world!', 'saltstring')).toBe(
			'$6$saltstring$svn8UoSVapNtMuq1ukKS4tPQd8iKwSMHWjl/O817G3uBnIFNjnQJuesI68u4OTLiBFdcbYEdFCoEOfaS35inz1',
		);
	});
});

describe('the login a machine is made with', () => {
	const debian = findVpsImage('debian-12')!;
	const windows = findVpsImage('windows-server-2022')!;
	const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB+x/y= frost@laptop';

	it('is the keys when there are any', () => {
		expect(accessFor(debian, [key], null)).toEqual({ user: 'root', sshKeys: [key] });
	});

	it('is a $6$ hash of the password for Linux, never the password', () => {
		const access = accessFor(debian, [], 'Kx7mRampVq9sledHt4w');
		expect(access).not.toHaveProperty('password');
		if (!('passwordHash' in access)) throw new Error('expected a hash');
		expect(access.user).toBe('root');
		expect(verify('Kx7mRampVq9sledHt4w', access.passwordHash)).toBe(true);
	});

	it('is the Administrator password itself for Windows', () => {
		expect(accessFor(windows, [], 'Kx7mRampVq9sledHt4w')).toEqual({
			user: 'Administrator',
			password: 'Kx7mRampVq9sledHt4w',
		});
	});
});
