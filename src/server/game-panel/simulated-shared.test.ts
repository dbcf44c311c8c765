import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulatedPanel } from './simulated';

// `npm start`'s site and `npm run billing:run` are two processes on one state file: what the
// command does to a server (suspend, unsuspend, delete) is what the site then sees, and the site's
// next write keeps it rather than putting back its own older copy.

const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-shared-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const order = (serviceId: string) =>
	({
		serviceId,
		customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
		game: 'valheim',
		location: 'oslo',
		name: 'Kari sin verden',
		ramGb: 4,
		storageGb: 20,
	}) as const;

const onFile = (file: string) => createSimulatedPanel({ kind: 'simulated', delayMs: 0, file });
const stored = (file: string) =>
	(
		JSON.parse(readFileSync(file, 'utf8')) as {
			servers: { serviceId: string; suspended: boolean }[];
		}
	).servers;

describe('two processes on one simulated panel file', () => {
	it('see each other’s suspensions and deletions, and never write them away', async () => {
		const file = join(dir, 'game-panel.json');
		const site = onFile(file);
		const first = await site.createServer(order('svc_1'));
		const command = onFile(file);
		await command.suspend(first);
		expect((await site.state(first)).state).toBe('suspended');
		await site.createServer(order('svc_2'));
		expect(stored(file)).toMatchObject([
			{ serviceId: 'svc_1', suspended: true },
			{ serviceId: 'svc_2', suspended: false },
		]);
		await command.unsuspend(first);
		expect((await site.state(first)).state).not.toBe('suspended');
		await command.delete(first);
		expect(await site.findServer('svc_1')).toBeNull();
		await site.createServer(order('svc_3'));
		expect(stored(file).map((server) => server.serviceId)).toEqual(['svc_2', 'svc_3']);
	});
});
