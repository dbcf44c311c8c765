import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';

// What a signed-in customer's browser does on the panel's pages: the JavaScript it downloads and,
// on the dashboard, how long until the figures are on screen. Every context starts from the
// signed-in session's cookies, so each measured load acts as the customer without signing in.

export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in through the site's own form, as a customer does, and keeps the session's cookies. */
export async function signIn(
	browser: Browser,
	origin: string,
	who: { email: string; password: string },
): Promise<Session> {
	const context = await browser.newContext({ baseURL: origin });
	const page = await context.newPage();
	await page.goto('/login');
	await page.locator('input[name=email]').fill(who.email);
	await page.locator('input[name=password]').fill(who.password);
	await page.locator('main form[method=post]').first().locator('button[type=submit]').click();
	await page.locator('[data-dashboard]').waitFor();
	const session = await context.storageState();
	await context.close();
	return session;
}

export interface ScriptWeight {
	scripts: number;
	/** Encoded body bytes as the site sent them (its precompressed files). */
	sent: number;
	/** The same scripts gzipped here, as the static-page table counts them. */
	gzip: number;
	encodings: string;
}

/**
 * Every script a first visit (empty cache) loads: module preloads, islands and their lazily
 * imported chunks, until `ready` shows and the network has been idle for a moment.
 */
export async function scriptWeight(
	browser: Browser,
	origin: string,
	session: Session,
	path: string,
	ready: string,
): Promise<ScriptWeight> {
	const context = await browser.newContext({ baseURL: origin, storageState: session });
	const page = await context.newPage();
	const scripts: Promise<{ sent: number; gzip: number; encoding: string }>[] = [];
	page.on('response', (response) => {
		if (response.request().resourceType() !== 'script') return;
		scripts.push(
			(async () => ({
				sent: (await response.request().sizes()).responseBodySize,
				gzip: gzipSync(await response.body()).length,
				encoding: (await response.headerValue('content-encoding')) ?? 'identity',
			}))(),
		);
	});
	await page.goto(path);
	if (new URL(page.url()).pathname !== path) throw new Error(`${path} went to ${page.url()}`);
	await page.locator(ready).first().waitFor();
	await page.waitForLoadState('networkidle');
	const loaded = await Promise.all(scripts);
	await context.close();
	return {
		scripts: loaded.length,
		sent: loaded.reduce((sum, s) => sum + s.sent, 0),
		gzip: loaded.reduce((sum, s) => sum + s.gzip, 0),
		encodings: [...new Set(loaded.map((s) => s.encoding))].join(', '),
	};
}

/**
 * Milliseconds from navigation start until the dashboard island has rendered its data
 * (`[data-dashboard]` enters the DOM once `/api/panel/dashboard` has answered), marked in the page
 * by a mutation observer so Playwright's polling adds nothing; and when the island asked the API,
 * which is how long loading and hydrating the island took.
 */
export async function dashboardShownAt(
	context: BrowserContext,
): Promise<{ shown: number; asked: number }> {
	const page = await context.newPage();
	await page.addInitScript(() => {
		new MutationObserver((_, observer) => {
			if (!document.querySelector('[data-dashboard]')) return;
			(window as unknown as { shownAt: number }).shownAt = performance.now();
			observer.disconnect();
		}).observe(document, { childList: true, subtree: true });
	});
	await page.goto('/panel');
	await page.locator('[data-dashboard]').waitFor();
	const times = await page.evaluate(() => ({
		shown: (window as unknown as { shownAt: number }).shownAt,
		asked:
			performance
				.getEntriesByType('resource')
				.find((entry) => entry.name.includes('/api/panel/dashboard'))?.startTime ?? NaN,
	}));
	await page.close();
	return times;
}

/**
 * Milliseconds from clicking Start on a server's page to its state reading "running", measured in
 * the page (a mutation observer, so Playwright's polling adds nothing): the customer's own view of
 * the power call, the game panel and the page's live-state follow-up. Stops it again before each.
 */
export async function startToRunning(context: BrowserContext, serverPath: string, runs: number) {
	const page = await context.newPage();
	await page.goto(serverPath);
	const state = page.locator('[data-live-state]');
	const times: number[] = [];
	for (let i = 0; i < runs; i++) {
		await page.locator('[data-live-state=running]').waitFor();
		await page.locator('[data-power=stop]:not([disabled])').click();
		await page.locator('[data-live-state=offline]').waitFor();
		await page.locator('[data-power=start]:not([disabled])').waitFor();
		times.push(
			await page.evaluate(
				() =>
					new Promise<number>((resolve) => {
						const t0 = performance.now();
						const observer = new MutationObserver(() => {
							const now = document.querySelector('[data-live-state]');
							if (now?.getAttribute('data-live-state') !== 'running') return;
							observer.disconnect();
							resolve(performance.now() - t0);
						});
						observer.observe(document.body, { attributes: true, childList: true, subtree: true });
						document.querySelector<HTMLButtonElement>('[data-power=start]')!.click();
					}),
			),
		);
	}
	await state.first().waitFor();
	await page.close();
	return times;
}
