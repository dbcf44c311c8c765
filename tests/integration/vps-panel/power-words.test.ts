import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import en from '../../../src/i18n/ui/en.json';
import { clientFor } from '../local-stack/helpers.ts';
import { demo } from '../data-model/personas.ts';
import { startVpsStack, type VpsStack } from './fixture.ts';

// Issue 40: POST /api/services/{id}/power took `{ signal }` for a game server and `{ action }` for
// a VPS, and a VPS sent `{ signal: 'stop' }` answered 409 not_on_panel ("cannot be controlled
// from here"). Now `{ action }` serves both kinds, `{ signal }` is still read, and a word the kind
// does not take is a 422 naming the words it does, in the caller's language.

const palworld = 'c0ffee00-0000-4000-8000-000000000101'; // the demo customer's game server

let v: VpsStack;
let bearer: string;
let power: APIRoute;
let vps: string;

beforeAll(async () => {
	v = await startVpsStack();
	power = (await import('../../../src/pages/api/services/[id]/power.ts')).POST;
	const { data, error } = await clientFor(v.p.stack).auth.signInWithPassword({
		email: v.owner.email!,
		password: demo.password,
	});
	if (error) throw error;
	bearer = data.session.access_token;
	vps = await v.running('power-words');
}, 60_000);
afterAll(() => v.stop());

async function post(id: string, body: unknown) {
	const url = new URL(`/api/services/${id}/power`, 'http://127.0.0.1:4321');
	const request = new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
		body: JSON.stringify(body),
	});
	const response = await power({
		request,
		url,
		params: { id },
		locals: { clientAddress: '203.0.113.40' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	const answer = (await response.json()) as {
		error?: { code: string; message: string; allowed?: string[] };
	};
	return { status: response.status, error: answer.error };
}

describe('one power vocabulary for both kinds', () => {
	it("a VPS takes the game server's old `{ signal }` body for one of its own words", async () => {
		expect(await post(vps, { signal: 'stop' })).toMatchObject({ status: 200 });
		expect(await post(vps, { action: 'start' })).toMatchObject({ status: 200 });
	});

	it('a word a VPS does not take is a 422 naming the words it does, in German', async () => {
		const answer = await post(vps, { action: 'kill', locale: 'de' });
		expect(answer.status).toBe(422);
		expect(answer.error).toEqual({
			code: 'power_action_not_for_kind',
			message: de['servers.error.power_words_vps'].replace(
				'{words}',
				'start, shutdown, stop, reboot, reset',
			),
			allowed: ['start', 'shutdown', 'stop', 'reboot', 'reset'],
		});
	});

	it("a word a game server does not take is a 422 naming the game server's words", async () => {
		for (const body of [{ action: 'reboot' }, { signal: 'shutdown' }]) {
			const answer = await post(palworld, body);
			expect(answer.status).toBe(422);
			expect(answer.error?.message).toBe(
				en['servers.error.power_words_game'].replace('{words}', 'start, stop, restart, kill'),
			);
		}
	});

	it('no word at all is a bad request; someone else’s or no server is not found', async () => {
		expect((await post(vps, { locale: 'en' })).status).toBe(400);
		expect(await post('c0ffee00-0000-4000-8000-0000000009ff', { action: 'start' })).toMatchObject({
			status: 404,
			error: { code: 'not_found' },
		});
	});
});
