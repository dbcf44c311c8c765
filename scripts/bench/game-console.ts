import { chromium } from '@playwright/test';
import { z } from 'zod';
import { startBackend } from '../local-backend.ts';
import { serveSite } from '../serve.ts';
import { chromiumFlags, chromiumPath } from '../chromium.ts';
import { figures, newBuyer, payAndWait, type Row } from './buyers.ts';
import { signIn } from './panel-browser.ts';

// A game server's live console as the customer gets it (issue 41; bar: the first line shown under
// 1 s after open): one customer's running Minecraft server on the simulated panel (delays 0),
// its console page opened 10 times in Debian Chromium. Each is timed to the first console line on
// screen from the console's open (the page's POST for its one-time path: then the WebSocket
// through the site's relay and the panel's replay of the last lines), and from the page's
// navigation start (the page and its island too).

const PORT = 4397;
const OPENS = 10;

const runningSchema = z.object({
	service: z.object({ id: z.string(), status: z.literal('active') }),
});

export async function benchGameConsole(): Promise<Row[]> {
	const origin = `http://127.0.0.1:${PORT}`;
	const backend = await startBackend({ apiPort: 0, mailPort: 0, quiet: true, siteUrl: origin });
	const { child } = await serveSite(PORT, { ...backend.env, GAME_PANEL_SIM_DELAY_MS: '0' });
	try {
		const buyer = await newBuyer(backend);
		const headers = { Authorization: `Bearer ${buyer.token}`, 'Content-Type': 'application/json' };
		const order = await fetch(`${origin}/api/checkout`, {
			method: 'POST',
			headers,
			body: JSON.stringify({
				item: {
					planId: 'minecraft-budget',
					ram: 2,
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
				idempotencyKey: `game-console-bench-${Date.now()}`,
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
		const shown = await firstLines(origin, buyer, serviceId);
		return [
			figures('Game console: first line after open', 1, shown.afterOpen),
			figures('Game console: first line after navigation start', 1, shown.afterNavigation),
		];
	} finally {
		child.kill();
		await backend.stack?.stop();
	}
}

/** Milliseconds to the first console line from the open and from navigation, a fresh page each. */
async function firstLines(
	origin: string,
	buyer: { email: string; password: string },
	serviceId: string,
): Promise<{ afterOpen: number[]; afterNavigation: number[] }> {
	const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
	try {
		const session = await signIn(browser, origin, buyer);
		const context = await browser.newContext({ baseURL: origin, storageState: session });
		const path = `/panel/game-servers/servers/${serviceId}/console`;
		// The first open loads the route's modules and waits for the server to run: not timed.
		const warm = await context.newPage();
		await warm.goto(path);
		await warm.locator('[data-console-line]').first().waitFor({ timeout: 60_000 });
		await warm.close();
		const afterOpen: number[] = [];
		const afterNavigation: number[] = [];
		for (let i = 0; i < OPENS; i++) {
			const page = await context.newPage();
			await page.goto(path);
			// Checked on every frame the page paints: the time the first line is there to see.
			const shown = await page.waitForFunction(
				() => document.querySelector('[data-console-line]') && performance.now(),
				null,
				{ polling: 'raf' },
			);
			const at = Number(await shown.jsonValue());
			const opened = await page.evaluate(
				() =>
					performance
						.getEntriesByType('resource')
						.find((entry) => entry.name.endsWith('/game-console'))?.startTime ?? NaN,
			);
			afterNavigation.push(at);
			afterOpen.push(at - opened);
			await page.close();
		}
		return { afterOpen, afterNavigation };
	} finally {
		await browser.close();
	}
}
