import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mailSenderFrom } from './mail-sender.ts';

// The From of Auth's mail, read from the Supabase CLI config as `supabase start` hands it to
// GoTrue (GOTRUE_SMTP_ADMIN_EMAIL, GOTRUE_SMTP_SENDER_NAME).

const folder = mkdtempSync(join(tmpdir(), 'mail-sender-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
function config(toml: string): string {
	const file = join(folder, `config-${(files += 1)}.toml`);
	writeFileSync(file, toml);
	return file;
}

describe('the sender of the auth service’s mail', () => {
	it('is the project’s own, from supabase/config.toml', () => {
		expect(mailSenderFrom(undefined)).toBe('Frostnode <noreply@frostnode.example>');
	});

	it('comes from [inbucket] while no SMTP server is configured, as with `supabase start`', () => {
		const file = config(
			'[inbucket]\nenabled = true\nadmin_email = "hello@shop.example"\nsender_name = "Shop"\n',
		);
		expect(mailSenderFrom(file)).toBe('Shop <hello@shop.example>');
		// The CLI's own defaults when the section names none.
		expect(mailSenderFrom(config('[inbucket]\nenabled = true\n'))).toBe('Admin <admin@email.com>');
	});

	it('comes from [auth.email.smtp] when that section is on (it is, unless enabled = false)', () => {
		const smtp = [
			'[inbucket]',
			'admin_email = "catcher@shop.example"',
			'[auth.email.smtp]',
			'host = "smtp.example"',
			'port = 587',
			'admin_email = "noreply@shop.example"',
			'sender_name = "Shop Mail"',
		].join('\n');
		expect(mailSenderFrom(config(smtp))).toBe('Shop Mail <noreply@shop.example>');
		expect(
			mailSenderFrom(
				config(smtp.replace('[auth.email.smtp]', '[auth.email.smtp]\nenabled = false')),
			),
		).toBe('Admin <catcher@shop.example>');
	});

	it('reads env() values, and leaves the name out when there is none', () => {
		process.env.MAIL_SENDER_TEST_ADDRESS = 'env@shop.example';
		const file = config(
			'[auth.email.smtp]\nadmin_email = "env(MAIL_SENDER_TEST_ADDRESS)"\nsender_name = ""\n',
		);
		expect(mailSenderFrom(file)).toBe('env@shop.example');
		delete process.env.MAIL_SENDER_TEST_ADDRESS;
	});

	it('is GoTrue’s own without a config file', () => {
		expect(mailSenderFrom(null)).toBe('Supabase Auth <noreply@mail.local.supabase>');
	});
});
