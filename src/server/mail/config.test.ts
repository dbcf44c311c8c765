import { describe, expect, it } from 'vitest';
import { MailConfigError, parseMailFrom, parseSmtpUrl, readMailConfig } from './config';
import { getMailer } from './index';

describe('parseSmtpUrl', () => {
	it('reads host, port and percent-encoded credentials', () => {
		expect(parseSmtpUrl('smtps://apikey:s%3Acret%40x@smtp.example.com:2465')).toEqual({
			host: 'smtp.example.com',
			port: 2465,
			secure: true,
			requireTLS: false,
			auth: { user: 'apikey', pass: 's:cret@x' },
		});
	});

	it('defaults the port to submission (587) or implicit TLS (465)', () => {
		expect(parseSmtpUrl('smtp://relay.example.com').port).toBe(587);
		expect(parseSmtpUrl('smtps://relay.example.com').port).toBe(465);
	});

	it('requires STARTTLS before credentials leave the machine, not on loopback', () => {
		expect(parseSmtpUrl('smtp://u:p@relay.example.com:587').requireTLS).toBe(true);
		expect(parseSmtpUrl('smtp://u:p@127.0.0.1:2525').requireTLS).toBe(false);
		expect(parseSmtpUrl('smtp://u:p@localhost:2525').requireTLS).toBe(false);
		expect(parseSmtpUrl('smtp://u:p@[::1]:2525')).toMatchObject({ host: '::1', requireTLS: false });
		// Without credentials there is nothing to protect; STARTTLS stays opportunistic.
		expect(parseSmtpUrl('smtp://relay.internal:25')).toEqual({
			host: 'relay.internal',
			port: 25,
			secure: false,
			requireTLS: false,
		});
	});

	it.each([
		['not a url', /not a URL/],
		['http://relay.example.com', /smtp:\/\/ or smtps:\/\//],
		['smtp://relay.example.com?secure=true', /no query/],
		['smtp://user@relay.example.com', /both a user name and a password/],
		['smtp://:pass@relay.example.com', /both a user name and a password/],
		['smtp://u:%zz@relay.example.com', /malformed/],
	])('refuses %s', (raw, message) => {
		expect(() => parseSmtpUrl(raw)).toThrow(MailConfigError);
		expect(() => parseSmtpUrl(raw)).toThrow(message);
	});

	it('never repeats the password in its errors', () => {
		expect(() => parseSmtpUrl('smtp://u:hunter2@relay.example.com?x=1')).toThrow(
			expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
		);
	});
});

describe('parseMailFrom', () => {
	it('accepts one address, with or without a display name', () => {
		expect(parseMailFrom(' Frostnode <noreply@frostnode.example> ')).toBe(
			'Frostnode <noreply@frostnode.example>',
		);
		expect(parseMailFrom('noreply@frostnode.example')).toBe('noreply@frostnode.example');
	});

	it.each(['Frostnode', 'a@example.com, b@example.com', ''])('refuses %j', (raw) => {
		expect(() => parseMailFrom(raw)).toThrow(MailConfigError);
	});
});

describe('readMailConfig and getMailer without configuration', () => {
	const from = 'Frostnode <noreply@frostnode.example>';

	it('names the missing variable', () => {
		expect(() => readMailConfig({ MAIL_FROM: from })).toThrow(/SMTP_URL is not set/);
		expect(() => readMailConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
			/MAIL_FROM is not set/,
		);
		expect(readMailConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: from })).toMatchObject({
			host: '127.0.0.1',
			port: 2525,
			from,
		});
	});

	it('gives a mailer that rejects every send with the configuration error', async () => {
		const message = { to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' };
		await expect(getMailer({}).send(message)).rejects.toThrow(MailConfigError);
		await expect(getMailer({}).send(message)).rejects.toThrow(/SMTP_URL is not set/);
		await expect(getMailer({ SMTP_URL: 'ftp://x', MAIL_FROM: from }).send(message)).rejects.toThrow(
			/smtp:\/\//,
		);
	});
});
