import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, expectOnlyOwnRows, other, visibleRows } from '../data-model/personas.ts';
import { startVpsStack, type VpsStack } from './fixture.ts';
import type * as Actions from '../../../src/server/ssh-keys/actions.ts';
import type * as Queries from '../../../src/server/ssh-keys/queries.ts';

// Saved SSH keys (20261127320000_ssh_keys.sql) as each persona: the site checks and writes them,
// customers read and delete only their own, anon sees nothing, at most 20 and one per fingerprint.

let v: VpsStack;
let actions: typeof Actions;
let queries: typeof Queries;

/** A fresh, whole ed25519 public key line (the wire blob: its type, then 32 bytes). */
function newKey(comment = 'frost@laptop'): string {
	const field = (bytes: Buffer) => {
		const length = Buffer.alloc(4);
		length.writeUInt32BE(bytes.length);
		return Buffer.concat([length, bytes]);
	};
	const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(randomBytes(32))]);
	return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

beforeAll(async () => {
	v = await startVpsStack();
	actions = await import('../../../src/server/ssh-keys/actions.ts');
	queries = await import('../../../src/server/ssh-keys/queries.ts');
}, 60_000);
afterAll(() => v.stop());

describe('saved SSH keys', () => {
	it('saves a checked key with its fingerprint, once, and refuses what is not a key', async () => {
		const key = newKey();
		const added = await actions.addSshKey(v.admin, demo.id, { name: ' Laptop ', publicKey: key });
		expect(added).toMatchObject({ id: expect.any(String) });
		const [saved] = await queries.savedSshKeys(v.admin, demo.id);
		expect(saved).toMatchObject({ name: 'Laptop', publicKey: key });
		expect(saved?.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
		// The same key under another name and comment is the same key.
		const again = key.replace('frost@laptop', 'other');
		expect(await actions.addSshKey(v.admin, demo.id, { name: 'Again', publicKey: again })).toBe(
			'duplicate',
		);
		expect(
			await actions.addSshKey(v.admin, demo.id, { name: 'Cut', publicKey: key.slice(0, 40) }),
		).toBe('invalid');
		expect(await actions.addSshKey(v.admin, demo.id, { name: ' ', publicKey: newKey() })).toBe(
			'name',
		);
		expect(await queries.savedSshKeys(v.admin, demo.id)).toHaveLength(1);
	});

	it('customers read their own keys only, anon none, and none may write one directly', async () => {
		await actions.addSshKey(v.admin, other.id, { name: 'Desk', publicKey: newKey() });
		await expectOnlyOwnRows(v.p.owner, 'ssh_keys', demo.id);
		await expectOnlyOwnRows(v.p.other, 'ssh_keys', other.id);
		expect(await visibleRows(v.p.anon, 'ssh_keys')).toSatisfy(
			(rows) => rows === '42501' || (Array.isArray(rows) && rows.length === 0),
		);
		const direct = await v.p.owner.from('ssh_keys').insert({
			user_id: demo.id,
			name: 'Sneaky',
			public_key: newKey(),
			fingerprint: `SHA256:${'A'.repeat(43)}`,
		});
		expect(direct.error?.code).toBe('42501');
	});

	it('deletes a customer’s own key; another customer’s is not found, through the site or directly', async () => {
		const mine = await actions.addSshKey(v.admin, demo.id, { name: 'Old', publicKey: newKey() });
		if (typeof mine === 'string') throw new Error(mine);
		expect(await actions.deleteSshKey(v.admin, other.id, mine.id)).toBe('not_found');
		const foreign = await v.p.other.from('ssh_keys').delete().eq('id', mine.id).select('id');
		expect(foreign.data).toEqual([]);
		expect((await queries.savedSshKeys(v.admin, demo.id)).map((k) => k.id)).toContain(mine.id);
		expect(await actions.deleteSshKey(v.admin, demo.id, mine.id)).toBe(true);
		expect(await actions.deleteSshKey(v.admin, demo.id, mine.id)).toBe('not_found');
		expect(await actions.deleteSshKey(v.admin, demo.id, 'not-a-uuid')).toBe('not_found');
	});

	it('keeps at most 20 per customer', async () => {
		const have = (await queries.savedSshKeys(v.admin, other.id)).length;
		for (let i = have; i < actions.maxSavedSshKeys; i++)
			expect(
				await actions.addSshKey(v.admin, other.id, { name: `Key ${i}`, publicKey: newKey() }),
			).not.toBeTypeOf('string');
		expect(
			await actions.addSshKey(v.admin, other.id, { name: 'One more', publicKey: newKey() }),
		).toBe('limit');
		expect(await queries.savedSshKeys(v.admin, other.id)).toHaveLength(20);
	});
});
