import { chromium, type APIRequestContext } from '@playwright/test';
import { TOTP } from 'otpauth';
import { startBackend } from '../local-backend.ts';
import { serveSite } from '../serve.ts';
import { chromiumFlags, chromiumPath } from '../chromium.ts';
import { figures, type Row } from './buyers.ts';

// The staff console's reads and its most common write, through the site on the local stack, as the
// seed's member of staff (password and authenticator code, signed in through the site's own pages):
// 100 sequential requests per page or route, and 20 ticket replies (each recorded, audited and
// mailed to the customer). Pages are timed to their last byte, as the browser receives them.

const PORT = 4397;
const READS = 100;
const REPLIES = 20;
const staff = { email: 'staff@frostnode.example', password: 'frostnode-staff-2026' };
const secret = 'FROSTSTAFFDEMOKEYFORLOCALUSEONLY';
const demoCustomer = '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01';
const openTicket = '22222222-0000-4000-8000-000000000001';

async function timed(
	request: () => Promise<{ ok(): boolean; status(): number; body(): Promise<Buffer> }>,
) {
	const t0 = performance.now();
	const answer = await request();
	await answer.body();
	if (!answer.ok()) throw new Error(`answered ${answer.status()}`);
	return performance.now() - t0;
}

async function staffSession(origin: string) {
	const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
	const context = await browser.newContext({ baseURL: origin });
	const page = await context.newPage();
	await page.goto('/login?next=%2Fstaff');
	await page.locator('input[name=email]').fill(staff.email);
	await page.locator('input[name=password]').fill(staff.password);
	await page.locator('main form[method=post]').first().locator('button[type=submit]').click();
	await page.waitForURL(/\/login\/code/);
	const code = new TOTP({ secret, digits: 6, period: 30 }).generate();
	await page.locator('main form[method=post] input[name=code]').fill(code);
	await page.locator('main form[method=post] button[type=submit]').first().click();
	await page.waitForURL(/\/staff$/);
	return { browser, request: context.request };
}

async function reads(request: APIRequestContext): Promise<Row[]> {
	const rows: Row[] = [];
	for (const path of [
		'/api/staff/overview',
		'/staff/tickets',
		'/staff/customers?q=demo',
		`/staff/customers/${demoCustomer}`,
		'/staff/audit',
	]) {
		await timed(() => request.get(path)); // the first request loads the route's modules
		const times: number[] = [];
		for (let i = 0; i < READS; i++) times.push(await timed(() => request.get(path)));
		rows.push(figures(`GET ${path.replace(demoCustomer, '{id}')}`, 1, times));
	}
	return rows;
}

export async function benchStaffConsole(): Promise<Row[]> {
	const origin = `http://127.0.0.1:${PORT}`;
	const backend = await startBackend({ apiPort: 0, mailPort: 0, quiet: true, siteUrl: origin });
	const { child } = await serveSite(PORT, backend.env);
	try {
		const { browser, request } = await staffSession(origin);
		try {
			const rows = await reads(request);
			const times: number[] = [];
			for (let i = 0; i < REPLIES; i++)
				times.push(
					await timed(() =>
						request.post(`/api/staff/tickets/${openTicket}/replies`, {
							data: { message: `Bench reply ${i}`, requestId: crypto.randomUUID(), locale: 'en' },
						}),
					),
				);
			rows.push(
				figures('POST /api/staff/tickets/{id}/replies (recorded, audited, mailed)', 1, times),
			);
			return rows;
		} finally {
			await browser.close();
		}
	} finally {
		child.kill();
		await backend.stack?.stop();
	}
}
