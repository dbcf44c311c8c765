import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressObject } from 'mailparser';
import { localMailEnv } from '../../../scripts/local-backend.ts';
import { startLocalStack, type LocalStack } from '@frostnode/local-supabase';
import { closedPort, startRelay, type Relay } from './relay.ts';

// The two places the mailer's tests send to, behind one shape: where to send (the env the site would
// get), settings that must be refused, and what arrived, read back the way each place exposes it.

export const FROM = 'Frostnode <noreply@frostnode.example>';

export interface Received {
	from: string;
	to: string[];
	subject: string;
	text: string;
	html: string;
	replyTo: string | undefined;
}

export interface Target {
	env: Record<string, string>;
	/** Settings whose delivery must be refused, by name. */
	refused: Record<string, Record<string, string>>;
	/**
	 * Settings the readiness probe must find down: those of `refused` that a connection and login
	 * can tell (without credentials the relay is never asked to check any).
	 */
	unreachable: Record<string, Record<string, string>>;
	/** Every message that arrived, newest first. */
	received(): Promise<Received[]>;
	stop(): Promise<void>;
}

export async function localStackTarget(): Promise<Target & { stack: LocalStack }> {
	const empty = mkdtempSync(join(tmpdir(), 'mail-test-'));
	// No migrations and no seed: only the mailbox is under test, and it starts quicker without them.
	const stack = await startLocalStack({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		migrationsDir: empty,
		seedFile: join(empty, 'none.sql'),
	});
	const env = localMailEnv(stack);
	const refused = {
		'nothing listens on the port': { ...env, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
	};
	return {
		stack,
		env,
		refused,
		unreachable: refused,
		async received() {
			const answer = await fetch(`${stack.mailboxUrl}/api/messages`);
			const { messages } = (await answer.json()) as { messages: Record<string, unknown>[] };
			return messages.map((m) => ({
				from: m.from,
				to: m.to,
				subject: m.subject,
				text: m.text,
				html: m.html,
				replyTo: m.reply_to,
			})) as Received[];
		},
		async stop() {
			await stack.stop();
			rmSync(empty, { recursive: true, force: true });
		},
	};
}

/** `Name <address>` unquoted, as the mailbox shows it and as MAIL_FROM is written. */
function display(header: AddressObject | undefined): string {
	return (header?.value ?? [])
		.map(({ name, address }) => (name ? `${name} <${address}>` : `${address}`))
		.join(', ');
}

export async function relayTarget(method: 'PLAIN' | 'LOGIN'): Promise<Target & { relay: Relay }> {
	const relay = await startRelay({ method, user: 'frostnode', pass: 'rel@y:secret' });
	const env = {
		SMTP_URL: `smtp://frostnode:${encodeURIComponent('rel@y:secret')}@127.0.0.1:${relay.port}`,
		MAIL_FROM: FROM,
	};
	const unreachable = {
		'a wrong password': { ...env, SMTP_URL: `smtp://frostnode:wrong@127.0.0.1:${relay.port}` },
		'nothing listens on the port': {
			...env,
			SMTP_URL: `smtp://frostnode:x@127.0.0.1:${await closedPort()}`,
		},
	};
	return {
		relay,
		env,
		refused: {
			...unreachable,
			'no credentials': { ...env, SMTP_URL: `smtp://127.0.0.1:${relay.port}` },
		},
		unreachable,
		received: () =>
			Promise.resolve(
				relay.messages.map(({ parsed }) => ({
					from: display(parsed.from),
					to:
						parsed.to && !Array.isArray(parsed.to)
							? parsed.to.value.map((a) => a.address ?? '')
							: [],
					subject: parsed.subject ?? '',
					text: parsed.text ?? '',
					html: parsed.html || '',
					replyTo: parsed.replyTo ? display(parsed.replyTo) : undefined,
				})),
			),
		stop: () => relay.close(),
	};
}
