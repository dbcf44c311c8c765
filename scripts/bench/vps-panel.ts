import { z } from 'zod';
import { startBackend } from '../local-backend.ts';
import { serveSite } from '../serve.ts';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../chromium.ts';
import { figures, newBuyer, payAndWait, type Row } from './buyers.ts';
import { signIn } from './panel-browser.ts';

// The VPS page's reads and its heaviest actions, through the site on the local stack: one customer's
// running VPS on the simulated hypervisor (delays 0, so the figures are the site's own share), 200
// sequential requests per read, 10 reinstalls timed until the machine runs again, and 10 consoles
// opened in Debian Chromium, timed from the click to the first framebuffer drawn on the canvas
// (through the site's WebSocket relay, as a customer's browser gets it).

const PORT = 4396;
const READS = 200;
const REINSTALLS = 10;
const CONSOLES = 10;
const hostname = 'bench-panel';

const runningSchema = z.object({
	service: z.object({ id: z.string(), status: z.literal('active'), vps: z.object({}) }),
});
const stateSchema = z.object({ state: z.string() });

async function timed(run: () => Promise<Response>): Promise<number> {
	const t0 = performance.now();
	const response = await run();
	await response.arrayBuffer();
	if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
	return performance.now() - t0;
}

export async function benchVpsPanel(): Promise<Row[]> {
	const origin = `http://127.0.0.1:${PORT}`;
	const backend = await startBackend({ apiPort: 0, mailPort: 0, quiet: true, siteUrl: origin });
	const { child } = await serveSite(PORT, { ...backend.env, HYPERVISOR_SIM_DELAY_MS: '0' });
	try {
		const buyer = await newBuyer(backend);
		const token = buyer.token;
		const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
		const order = await fetch(`${origin}/api/checkout`, {
			method: 'POST',
			headers,
			body: JSON.stringify({
				item: {
					planId: 'vps-premium',
					ram: 4,
					storageGb: null,
					extras: [],
					cycle: 'monthly',
					currency: 'EUR',
					vps: { image: 'debian-12', hostname },
				},
				billing: {
					name: 'Bench',
					address: 'Storgata 1',
					postcode: '0155',
					city: 'Oslo',
					country: 'NO',
				},
				method: 'card',
				idempotencyKey: `vps-panel-bench-${Date.now()}`,
				locale: 'en',
			}),
		});
		const answer = z
			.object({ orderId: z.string(), paymentUrl: z.string().nullable() })
			.parse(await order.json());
		let serviceId = '';
		await payAndWait(origin, token, answer, (body) => {
			const parsed = runningSchema.safeParse(body);
			if (parsed.success) serviceId = parsed.data.service.id;
			return parsed.success;
		});
		const get = (path: string) => () => fetch(`${origin}${path}`, { headers });
		const rows: Row[] = [];
		for (const [name, path] of [
			['GET /api/panel/vps/{id}/state', `/api/panel/vps/${serviceId}/state`],
			[
				'GET /api/panel/vps/{id}/metrics?timeframe=day',
				`/api/panel/vps/${serviceId}/metrics?timeframe=day`,
			],
		] as const) {
			await timed(get(path)); // the first request loads the route's modules
			const times: number[] = [];
			for (let i = 0; i < READS; i++) times.push(await timed(get(path)));
			rows.push(figures(name, 1, times));
		}
		const reinstalls: number[] = [];
		for (let i = 0; i < REINSTALLS; i++) {
			const t0 = performance.now();
			const done = await fetch(`${origin}/api/services/${serviceId}/reinstall`, {
				method: 'POST',
				headers,
				body: JSON.stringify({ image: i % 2 ? 'debian-12' : 'ubuntu-24.04', confirm: hostname }),
			});
			if (!done.ok) throw new Error(`reinstall answered ${done.status}: ${await done.text()}`);
			for (;;) {
				const state = stateSchema.parse(
					await (await get(`/api/panel/vps/${serviceId}/state`)()).json(),
				);
				if (state.state === 'running') break;
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			reinstalls.push(performance.now() - t0);
		}
		rows.push(figures('Reinstall → running again (delays 0)', 1, reinstalls));
		rows.push(
			figures(
				'Console: click → first framebuffer drawn',
				1,
				await consoleOpens(origin, buyer, serviceId),
			),
		);
		return rows;
	} finally {
		child.kill();
		await backend.stack?.stop();
	}
}

/** Milliseconds from "Open console" to the machine's screen on the canvas, in a fresh page each. */
async function consoleOpens(
	origin: string,
	buyer: { email: string; password: string },
	serviceId: string,
): Promise<number[]> {
	const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
	try {
		const session = await signIn(browser, origin, buyer);
		const context = await browser.newContext({ baseURL: origin, storageState: session });
		const times: number[] = [];
		for (let i = 0; i < CONSOLES; i++) {
			const page = await context.newPage();
			await page.goto(`/panel/vps/${serviceId}`);
			await page.locator('#vps-console').scrollIntoViewIfNeeded();
			await page.locator('section:has(#vps-console) astro-island:not([ssr])').waitFor();
			const t0 = performance.now();
			await page.locator('[data-console-open]').click();
			await page.waitForFunction(() => {
				const canvas = document.querySelector<HTMLCanvasElement>('[data-console-screen] canvas');
				if (!canvas?.width || !canvas.height) return false;
				const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
				return pixels?.data.some((value, index) => index % 4 !== 3 && value > 0) ?? false;
			});
			times.push(performance.now() - t0);
			await page.close();
		}
		return times;
	} finally {
		await browser.close();
	}
}
