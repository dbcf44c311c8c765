import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMailer, MailConfigError } from '../../../src/server/mail/index.ts';
import type { MailMessage } from '../../../src/server/mail/types.ts';
import { FROM, localStackTarget, relayTarget, type Target } from './targets.ts';

// The product's mailer against both places its mail goes: the local stack's mailbox (development,
// the browser tests) and a relay that demands a login, as production's does. The same assertions
// run against each, so what passes locally is what production gets.

const message: MailMessage = {
	to: 'kari.nordmann@example.com',
	subject: 'Sicherheitshinweis: ø æ å ü',
	text: 'Hei Kari,\n\nnoen prøvde å logge inn på kontoen din. Grüße aus Tromsø 🛡️\n\nFrostnode',
	html: '<!doctype html><html><body><p>Hei Kari,</p><p>noen prøvde å logge inn — <a href="https://frostnode.example/reset?a=1&amp;b=2">tilbakestill passordet</a>.</p></body></html>',
	replyTo: 'Frostnode Support <support@frostnode.example>',
};

describe.each([
	['the local stack mailbox', localStackTarget],
	['a relay requiring AUTH PLAIN', () => relayTarget('PLAIN')],
	['a relay requiring AUTH LOGIN', () => relayTarget('LOGIN')],
] as const)('the SMTP mailer sending to %s', (_name, start) => {
	let target: Target;
	beforeAll(async () => {
		target = await start();
	});
	afterAll(() => target.stop());

	it('delivers from, to, UTF-8 subject, text, HTML and reply-to intact', async () => {
		await getMailer(target.env).send(message);
		// send() resolved, so the message must already be there: no polling.
		const [latest] = await target.received();
		expect(latest).toEqual({
			from: FROM,
			to: [message.to],
			subject: message.subject,
			text: message.text,
			html: message.html,
			replyTo: message.replyTo,
		});
	});

	it('rejects, and delivers nothing, when delivery is refused', async () => {
		const before = (await target.received()).length;
		for (const [why, env] of Object.entries(target.refused)) {
			const sent = getMailer(env).send({ ...message, subject: `refused: ${why}` });
			await expect(sent, why).rejects.toBeInstanceOf(Error);
			await expect(sent, why).rejects.not.toBeInstanceOf(MailConfigError);
		}
		expect((await target.received()).length).toBe(before);
	});

	it('passes the readiness probe, sending nothing', async () => {
		const before = (await target.received()).length;
		await expect(getMailer(target.env).probe()).resolves.toBe(undefined);
		expect((await target.received()).length).toBe(before);
	});

	it('fails the probe where a connection and login can tell, never quoting SMTP_URL', async () => {
		for (const [why, env] of Object.entries(target.unreachable)) {
			const probed = getMailer(env).probe();
			await expect(probed, why).rejects.toThrow(/^The SMTP server at 127\.0\.0\.1:\d+ /);
			const message = await probed.catch((error: Error) => error.message);
			expect(message, why).not.toContain(env.SMTP_URL);
			expect(message, why).not.toMatch(/wrong|frostnode:/);
		}
	});
});

describe('the mailer without SMTP_URL', () => {
	it('fails the probe with the setting to fix', async () => {
		const probed = getMailer({ MAIL_FROM: FROM }).probe();
		await expect(probed).rejects.toBeInstanceOf(MailConfigError);
		await expect(probed).rejects.toThrow(/^SMTP_URL is not set/);
	});
});

describe('the relay', () => {
	let target: Awaited<ReturnType<typeof relayTarget>>;
	beforeAll(async () => {
		target = await relayTarget('PLAIN');
	});
	afterAll(() => target.stop());

	it('gets the login and an envelope with the bare sender and recipient', async () => {
		await getMailer(target.env).send(message);
		expect(target.relay.messages[0]).toMatchObject({
			user: 'frostnode',
			envelope: { from: 'noreply@frostnode.example', to: [message.to] },
		});
	});

	it('names the refusal in the error (a wrong password is an authentication failure)', async () => {
		const wrong = `smtp://frostnode:wrong@127.0.0.1:${target.relay.port}`;
		const sent = getMailer({ ...target.env, SMTP_URL: wrong }).send(message);
		await expect(sent).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
		const probed = getMailer({ ...target.env, SMTP_URL: wrong }).probe();
		await expect(probed).rejects.toThrow(/refused the login: .*535.*\(EAUTH\)$/);
	});
});

describe('the local stack mailbox', () => {
	let target: Awaited<ReturnType<typeof localStackTarget>>;
	beforeAll(async () => {
		target = await localStackTarget();
	});
	afterAll(() => target.stop());

	it('lists product mail beside Auth mail in its pages and JSON API', async () => {
		const { stack } = target;
		const signUp = await fetch(`${stack.url}/auth/v1/signup`, {
			method: 'POST',
			headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: 'ola@example.com', password: 'a long unusual passphrase 42' }),
		});
		expect(signUp.status).toBe(200);
		await getMailer(target.env).send({ ...message, to: 'ola@example.com' });

		const { messages } = (await (await fetch(`${stack.mailboxUrl}/api/messages`)).json()) as {
			messages: { id: string; from: string; to: string[]; subject: string }[];
		};
		// Newest first: the product's mail, then Auth's confirmation, both from the shop's sender.
		expect(messages.map((m) => [m.to, m.from, m.subject === message.subject])).toEqual([
			[['ola@example.com'], FROM, true],
			[['ola@example.com'], FROM, false],
		]);
		const list = await (await fetch(stack.mailboxUrl)).text();
		expect(list).toContain(message.subject);
		const page = await (await fetch(`${stack.mailboxUrl}/messages/${messages[0]?.id}`)).text();
		expect(page).toContain('Frostnode &lt;noreply@frostnode.example&gt;');
		expect(page).toContain('tilbakestill passordet');
	});
});
