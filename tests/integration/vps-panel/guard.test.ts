import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { other } from '../data-model/personas.ts';
import { startVpsStack, type VpsStack } from './fixture.ts';
import type * as Guard from '../../../src/server/vps-panel/guard.ts';

// The Rules every VPS action obeys (issue 31), against the local stack and the simulation: owner
// only, refused while suspended or being set up, privileged actions only after a recent sign-in,
// rate limited per customer, and logged only when done.

let s: VpsStack;
let guard: typeof Guard;
let running: string;

beforeAll(async () => {
	s = await startVpsStack();
	guard = await import('../../../src/server/vps-panel/guard.ts');
	running = await s.running('guard-running-01');
}, 60_000);
afterAll(() => s.stop());

const activity = async (id: string) =>
	(
		await s.p.service
			.from('service_activity')
			.select('event, detail')
			.eq('service_id', id)
			.order('id', { ascending: false })
	).data!;

function probe(privileged = false) {
	let ran = 0;
	const action: Guard.VpsAction<string> = {
		event: 'console_opened',
		privileged,
		detail: { via: 'test' },
		act: (vps) => {
			ran += 1;
			return Promise.resolve(vps.machine.hostname);
		},
	};
	return { action, ran: () => ran };
}

describe('the VPS Rules', () => {
	it('lets the owner act, and logs what was done', async () => {
		const { action, ran } = probe();
		const caller = { customer: s.owner, accessToken: s.tokenSignedIn(5) };
		expect(await guard.runVpsAction(s.admin, caller, running, action)).toEqual({
			ok: 'guard-running-01',
		});
		expect(ran()).toBe(1);
		expect((await activity(running))[0]).toEqual({
			event: 'console_opened',
			detail: { via: 'test' },
		});
	});

	it('answers not_found for a stranger, a game server and nonsense, changing nothing', async () => {
		const before = await activity(running);
		const { action, ran } = probe();
		const stranger = { customer: { ...s.owner, id: other.id }, accessToken: null };
		expect(await guard.runVpsAction(s.admin, stranger, running, action)).toBe('not_found');
		const gameServer = (
			await s.p.service.from('services').select('id').eq('product_type', 'game').limit(1).single()
		).data!.id;
		const owner = { customer: s.owner, accessToken: null };
		expect(await guard.runVpsAction(s.admin, owner, gameServer, action)).toBe('not_found');
		expect(await guard.runVpsAction(s.admin, owner, 'not-a-uuid', action)).toBe('not_found');
		expect(ran()).toBe(0);
		expect(await activity(running)).toEqual(before);
	});

	it('refuses while the VPS is being set up, suspended or ended', async () => {
		const { action, ran } = probe();
		const owner = { customer: s.owner, accessToken: s.tokenSignedIn(1) };
		const paid = await s.paid('guard-paid-01');
		expect(await guard.runVpsAction(s.admin, owner, paid, action)).toBe('not_ready');
		const other = await s.running('guard-suspended-01');
		await s.p.service.from('services').update({ status: 'suspended' }).eq('id', other);
		expect(await guard.runVpsAction(s.admin, owner, other, action)).toBe('suspended');
		await s.p.service.from('services').update({ status: 'terminated' }).eq('id', other);
		expect(await guard.runVpsAction(s.admin, owner, other, action)).toBe('ended');
		expect(ran()).toBe(0);
		expect((await activity(other)).map((row) => row.event)).not.toContain('console_opened');
	});

	it('offers privileged actions only to a session signed in within the last hour', async () => {
		const { action, ran } = probe(true);
		const stale = { customer: s.owner, accessToken: s.tokenSignedIn(61) };
		expect(await guard.runVpsAction(s.admin, stale, running, action)).toBe('sign_in_again');
		const none = { customer: s.owner, accessToken: null };
		expect(await guard.runVpsAction(s.admin, none, running, action)).toBe('sign_in_again');
		expect(ran()).toBe(0);
		const real = (await s.p.owner.auth.getSession()).data.session!.access_token;
		const fresh = { customer: s.owner, accessToken: real };
		expect(await guard.runVpsAction(s.admin, fresh, running, action)).toEqual({
			ok: 'guard-running-01',
		});
	});

	it('rate limits each customer', async () => {
		const { action } = probe();
		const owner = { customer: s.owner, accessToken: null };
		const outcomes: unknown[] = [];
		for (let i = 0; i < 61; i++)
			outcomes.push(await guard.runVpsAction(s.admin, owner, 'not-a-uuid', action));
		expect(outcomes.at(-1)).toBe('rate_limited');
		expect(await guard.runVpsAction(s.admin, owner, running, action)).toBe('rate_limited');
	});
});
