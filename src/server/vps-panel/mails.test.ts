import { describe, expect, it } from 'vitest';
import { vpsSecurityMail } from './mails';

// The security mails of a VPS's reinstall and password reset: what happened, from where, in the
// customer's language, with the way to the VPS and what to do if it was not them.

const origin = 'https://shop.example';
const vps = { serviceId: '0b6f7a52-1c3e-4f2a-9d7e-2a1b3c4d5e6f', hostname: 'web-1' };

describe('VPS security mails', () => {
	it('tell a password reset in the customer’s language, with the address and the way back', () => {
		const mail = vpsSecurityMail(
			'kari@example.no',
			'de',
			vps,
			{ kind: 'password_reset', user: 'Administrator', applied: 'next_boot' },
			'203.0.113.9',
			origin,
		);
		expect(mail.subject).toBe('Das Administrator-Passwort deines VPS web-1 wurde zurückgesetzt');
		expect(mail.text).toContain('203.0.113.9');
		expect(mail.text).toContain('ab dem nächsten Start');
		expect(mail.text).toContain(`${origin}/de/panel/vps/${vps.serviceId}`);
		expect(mail.text).toContain('Warst du das nicht');
	});

	it('tell a reinstall, and how to sign in, in English for an unknown language', () => {
		const mail = vpsSecurityMail(
			'kari@example.no',
			'xx',
			vps,
			{ kind: 'reinstalled', image: 'Ubuntu 24.04 LTS', user: 'root', withKeys: true },
			'203.0.113.9',
			origin,
		);
		expect(mail.subject).toBe('Your VPS web-1 was reinstalled with Ubuntu 24.04 LTS');
		expect(mail.text).toContain('Sign in as root with the SSH keys given for the reinstall.');
		expect(mail.html).toContain(`href="${origin}/panel/vps/${vps.serviceId}"`);
	});
});
