import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import da from '../../../src/i18n/ui/da.json';
import de from '../../../src/i18n/ui/de.json';
import en from '../../../src/i18n/ui/en.json';
import no from '../../../src/i18n/ui/no.json';
import { clientFor } from '../local-stack/helpers.ts';
import { demo } from '../data-model/personas.ts';
import { ed25519PublicKey } from '../../ssh-public-key.ts';
import { startVpsStack, type VpsStack } from './fixture.ts';

// Issue 38 item 5: a key holding a line or paragraph separator (U+2028, U+2029, U+0085), a vertical
// tab or a form feed passed checkout, was charged, and failed at provisioning (cloud-init's YAML
// reads U+0085 and U+2028 as line breaks). Every door a key comes through (POST /api/checkout,
// the profile's POST /api/ssh-keys, POST /api/services/{id}/reinstall) refuses it with the same
// message in the caller's language, and writes nothing.

let v: VpsStack;
let bearer: string;
let checkout: APIRoute;
let addKey: APIRoute;
let reinstall: APIRoute;

beforeAll(async () => {
	v = await startVpsStack();
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: '',
		TEST_GATEWAY_SECRET: 'ssh-key-gateway-secret-0123456789abcdef',
	});
	checkout = (await import('../../../src/pages/api/checkout.ts')).POST;
	addKey = (await import('../../../src/pages/api/ssh-keys/index.ts')).POST;
	reinstall = (await import('../../../src/pages/api/services/[id]/reinstall.ts')).POST;
	const { data, error } = await clientFor(v.p.stack).auth.signInWithPassword({
		email: v.owner.email!,
		password: demo.password,
	});
	if (error) throw error;
	bearer = data.session.access_token;
}, 60_000);
afterAll(() => v.stop());

async function post(route: APIRoute, path: string, body: unknown, params = {}) {
	const url = new URL(path, 'http://127.0.0.1:4321');
	const request = new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
		body: JSON.stringify(body),
	});
	const response = await route({
		request,
		url,
		params,
		locals: { clientAddress: '203.0.113.38' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	const answer = (await response.json()) as { error?: { code: string; message: string } };
	return { status: response.status, error: answer.error };
}

let serial = 0;
const checkoutBody = (sshKeys: string[], locale: string) => ({
	item: {
		planId: 'vps-premium',
		ram: 2,
		storageGb: null,
		extras: [],
		cycle: 'monthly',
		currency: 'EUR',
		vps: { image: 'debian-12', hostname: 'keys', sshKeys },
	},
	billing: { name: 'Demo Kunde', address: 'Gate 1', postcode: '0150', city: 'Oslo', country: 'NO' },
	method: 'card',
	idempotencyKey: `ssh-key-characters-${++serial}-${Date.now()}`,
	locale,
});

/** Each character that broke delivery, and the rest of its kind, inside a key's comment or between its fields. */
const separators = {
	'U+2028 line separator': '\u2028',
	'U+2029 paragraph separator': '\u2029',
	'U+0085 next line': '\u0085',
	'vertical tab': '\u000b',
	'form feed': '\u000c',
	tab: '\t',
	'carriage return': '\r',
	'no-break space': '\u00a0',
	'zero-width space': '\u200b',
	'byte order mark': '\ufeff',
	// A lone surrogate never gets this far: every JSON door refuses it as invalid_text (400).
};

const dictionaries = { en, no, da, de } as const;

/**
 * One try per character (the doors' rate limits allow about 20): the character inside the comment
 * or as the separator before it, in each language in turn.
 */
function tries() {
	const locales = Object.keys(dictionaries) as (keyof typeof dictionaries)[];
	return Object.entries(separators).map(([name, char], i) => {
		const [type, blob] = ed25519PublicKey().split(' ');
		const key = i % 2 ? `${type} ${blob}${char}frost@laptop` : `${type} ${blob} frost${char}laptop`;
		const locale = locales[i % locales.length]!;
		return { name, key, locale, dictionary: dictionaries[locale] };
	});
}

async function counts() {
	const count = async (table: string) =>
		(await v.p.service.from(table).select('*', { count: 'exact', head: true })).count;
	return { orders: await count('orders'), keys: await count('ssh_keys') };
}

describe('an SSH key with a control or separator character', () => {
	it('is refused by checkout, in the caller’s language, and nothing is placed', async () => {
		const before = await counts();
		for (const { name, key, locale, dictionary } of tries()) {
			const answer = await post(checkout, '/api/checkout', checkoutBody([key], locale));
			expect(answer.status, name).toBe(422);
			expect(answer.error, name).toEqual({
				code: 'vps_ssh_key_characters',
				message: dictionary['checkout.error.vps_ssh_key_characters'],
			});
		}
		expect(await counts()).toEqual(before);
	});

	it('is refused by the profile’s key list', async () => {
		const before = await counts();
		for (const { name, key, locale, dictionary } of tries()) {
			const body = { name: 'Laptop', publicKey: key, locale };
			const answer = await post(addKey, '/api/ssh-keys', body);
			expect(answer.status, name).toBe(422);
			expect(answer.error, name).toEqual({
				code: 'characters',
				message: dictionary['sshKeys.error.characters'],
			});
		}
		expect(await counts()).toEqual(before);
		const good = await post(addKey, '/api/ssh-keys', {
			name: 'Laptop',
			publicKey: ed25519PublicKey(),
		});
		expect(good.status).toBe(200);
	});

	it('is refused by a reinstall, which leaves the machine as it was', async () => {
		const id = await v.running('vps-key-characters');
		for (const { name, key, locale, dictionary } of tries()) {
			const body = { image: 'debian-12', sshKeys: [key], confirm: 'vps-key-characters', locale };
			const answer = await post(reinstall, `/api/services/${id}/reinstall`, body, { id });
			expect(answer.status, name).toBe(422);
			expect(answer.error, name).toEqual({
				code: 'vps_ssh_key_characters',
				message: dictionary['checkout.error.vps_ssh_key_characters'],
			});
		}
		const { data } = await v.p.service
			.from('vps_machines')
			.select('ssh_keys')
			.eq('service_id', id)
			.single();
		expect(data).toEqual({ ssh_keys: [] });
	});
});
