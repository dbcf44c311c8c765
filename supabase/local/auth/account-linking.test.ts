import { describe, expect, it } from 'vitest';
import { decideLinking } from './account-linking.ts';

// GoTrue's automatic linking rule for a new external identity (models/linking.go).

const verified = { emailVerified: true, autoConfirm: false, identityUsers: [], users: [] };

describe('linking a new identity to an existing account', () => {
	it('never links, nor signs up, on an address the provider has not verified', () => {
		expect(decideLinking({ ...verified, emailVerified: false, users: ['u1'] })).toEqual({
			kind: 'unverified',
		});
		expect(decideLinking({ ...verified, emailVerified: false })).toEqual({ kind: 'unverified' });
	});

	it('counts every address as verified when the mailer autoconfirms, as GoTrue does', () => {
		expect(
			decideLinking({ ...verified, emailVerified: false, autoConfirm: true, users: ['u1'] }),
		).toEqual({ kind: 'link', userId: 'u1' });
	});

	it('links to the user whose identity has the address, before looking at users', () => {
		expect(decideLinking({ ...verified, identityUsers: ['u1', 'u1'], users: ['u2'] })).toEqual({
			kind: 'link',
			userId: 'u1',
		});
		expect(decideLinking({ ...verified, identityUsers: ['u1', 'u2'] })).toEqual({
			kind: 'multiple',
		});
	});

	it('else links to the one user with the address, else signs a new one up', () => {
		expect(decideLinking({ ...verified, users: ['u1'] })).toEqual({ kind: 'link', userId: 'u1' });
		expect(decideLinking({ ...verified, users: ['u1', 'u2'] })).toEqual({ kind: 'multiple' });
		expect(decideLinking(verified)).toEqual({ kind: 'create' });
	});
});
