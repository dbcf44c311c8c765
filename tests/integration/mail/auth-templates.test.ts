import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack, type MailMessage } from '@frostnode/local-supabase';

// The auth service's mails are the project's own (supabase/config.toml → supabase/templates), in the
// language the site stores in the user metadata at sign-up, as a hosted project configured from
// the same files sends them; GoTrue's English default wording is never what a customer gets.

let stack: LocalStack;
let empty: string;

beforeAll(async () => {
	empty = mkdtempSync(join(tmpdir(), 'auth-mail-'));
	// The project's config (the default configFile); no migrations: only Auth's mail is under test.
	stack = await startLocalStack({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		migrationsDir: empty,
		seedFile: join(empty, 'none.sql'),
	});
});

afterAll(async () => {
	await stack?.stop();
	rmSync(empty, { recursive: true, force: true });
});

const client = () => createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
const email = (name: string) => `${name}-${Date.now().toString(36)}@example.com`;

async function mailTo(address: string, subject?: RegExp): Promise<MailMessage> {
	const { messages } = (await (await fetch(`${stack.mailboxUrl}/api/messages`)).json()) as {
		messages: MailMessage[];
	};
	const mail = messages.find(
		(m) => m.to.includes(address) && (!subject || subject.test(m.subject)),
	);
	if (!mail) throw new Error(`no mail to ${address}`);
	return mail;
}

async function signUp(address: string, locale?: string) {
	const { error } = await client().auth.signUp({
		email: address,
		password: 'fjord-lynx-harbor-42',
		options: { data: locale ? { first_name: 'Kari', locale } : { first_name: 'Kari' } },
	});
	expect(error).toBeNull();
}

describe('the sender', () => {
	it('is the shop’s own, from supabase/config.toml, as on every other mail', async () => {
		const address = email('sender');
		await signUp(address, 'en');
		expect((await mailTo(address)).from).toBe('Frostnode <noreply@frostnode.example>');
		// The site's own mail goes out under the same name locally (scripts/local-backend.ts).
		expect(stack.mailFrom).toBe('Frostnode <noreply@frostnode.example>');
	});
});

describe('the confirmation mail', () => {
	it('is German and branded for a German sign-up, with the link first', async () => {
		const address = email('de');
		await signUp(address, 'de');
		const mail = await mailTo(address);
		expect(mail.subject).toBe('Bestätige dein Frostnode-Konto');
		expect(mail.html).toContain('lang="de"');
		expect(mail.html).toContain('Frostnode');
		expect(mail.html).toContain('Bestätige deine E-Mail-Adresse');
		expect(mail.text).toContain('E-Mail-Adresse bestätigen');
		expect(mail.html).not.toMatch(/Confirm Your Signup|Follow this link/);
		// The first link is the confirmation (the e2e tests and customers follow the first one).
		expect(mail.html.match(/href="([^"]+)"/)?.[1]).toContain('/auth/v1/verify?token=');
	});

	it('is in each site language, and English (branded) without one', async () => {
		const cases = [
			['no', 'Bekreft Frostnode-kontoen din'],
			['da', 'Bekræft din Frostnode-konto'],
			[undefined, 'Confirm your Frostnode account'],
		] as const;
		for (const [locale, subject] of cases) {
			const address = email(locale ?? 'none');
			await signUp(address, locale);
			expect((await mailTo(address)).subject).toBe(subject);
		}
	});
});

it('resets the password in the language of the sign-up', async () => {
	const address = email('reset');
	await signUp(address, 'no');
	expect((await client().auth.resetPasswordForEmail(address)).error).toBeNull();
	const mail = await mailTo(address, /passord/);
	expect(mail.subject).toBe('Tilbakestill passordet ditt hos Frostnode');
	expect(mail.html).toContain('Velg et nytt passord');
});
