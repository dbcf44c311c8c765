import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { startBackend } from '../local-backend.ts';
import { serveSite } from '../serve.ts';
import { figures, newBuyer, payAndWait, type Row } from './buyers.ts';

// A game server's file list through the site (issue 41's "file list p99"): one customer's running
// Minecraft server on the simulated panel (delays 0, its real file tree), 50 sequential
// GET /api/services/{id}/files?dir=/ after one that loads the route's modules.

const PORT = 4398;
const READS = 50;

const runningSchema = z.object({
	service: z.object({ id: z.string(), status: z.literal('active') }),
});

export async function benchGameFiles(): Promise<Row[]> {
	const origin = `http://127.0.0.1:${PORT}`;
	const folder = mkdtempSync(join(tmpdir(), 'bench-game-files-'));
	const backend = await startBackend({ apiPort: 0, mailPort: 0, quiet: true, siteUrl: origin });
	const { child } = await serveSite(PORT, {
		...backend.env,
		GAME_PANEL_SIM_DELAY_MS: '0',
		GAME_PANEL_SIM_FILE: join(folder, 'game-panel.json'),
	});
	try {
		const buyer = await newBuyer(backend);
		const headers = { Authorization: `Bearer ${buyer.token}`, 'Content-Type': 'application/json' };
		const order = await fetch(`${origin}/api/checkout`, {
			method: 'POST',
			headers,
			body: JSON.stringify({
				item: {
					planId: 'minecraft-budget',
					ram: 4,
					storageGb: 25,
					extras: [],
					cycle: 'monthly',
					currency: 'EUR',
				},
				billing: {
					name: 'Bench',
					address: 'Storgata 1',
					postcode: '0155',
					city: 'Oslo',
					country: 'NO',
				},
				method: 'card',
				idempotencyKey: `game-files-bench-${Date.now()}`,
				locale: 'en',
			}),
		});
		const answer = z
			.object({ orderId: z.string(), paymentUrl: z.string().nullable() })
			.parse(await order.json());
		let serviceId = '';
		await payAndWait(origin, buyer.token, answer, (body) => {
			const parsed = runningSchema.safeParse(body);
			if (parsed.success) serviceId = parsed.data.service.id;
			return parsed.success;
		});
		const list = async () => {
			const t0 = performance.now();
			const response = await fetch(`${origin}/api/services/${serviceId}/files?dir=/`, { headers });
			await response.arrayBuffer();
			if (!response.ok) throw new Error(`file list answered ${response.status}`);
			return performance.now() - t0;
		};
		await list();
		const times: number[] = [];
		for (let i = 0; i < READS; i++) times.push(await list());
		return [figures('File list: GET /api/services/{id}/files?dir=/', 1, times)];
	} finally {
		child.kill();
		await backend.stack?.stop();
		rmSync(folder, { recursive: true, force: true });
	}
}
