import { expect, type Page } from '@playwright/test';
import { e2ePorts } from './ports.ts';

// The local stack the e2e server starts (scripts/e2e-server.ts): its mailbox and the seeded customers.
export const mailbox = `http://127.0.0.1:${e2ePorts.mailbox}`;
export const demo = { email: 'demo@frostnode.example', password: 'frostnode-demo-2026' };
export const other = { email: 'other@frostnode.example', password: 'frostnode-other-2026' };

interface Mail {
	to: string[];
	subject: string;
	html: string;
}

/**
 * The newest mail to `address` (in the e2e server's mailbox, or the one at `inbox`), waiting for it
 * to arrive; returns its first link.
 */
export async function linkMailedTo(address: string, inbox = mailbox): Promise<string> {
	let link: string | undefined;
	await expect
		.poll(async () => {
			const { messages } = (await (await fetch(`${inbox}/api/messages`)).json()) as {
				messages: Mail[];
			};
			const mail = messages.find((m) => m.to.includes(address));
			link = mail?.html.match(/href="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
			return link;
		})
		.toBeTruthy();
	return link!;
}

/** The code in the newest mail to `address` ("Code: 123456"), waiting for it to arrive. */
export async function codeMailedTo(address: string): Promise<string> {
	let code: string | undefined;
	await expect
		.poll(async () => {
			const { messages } = (await (await fetch(`${mailbox}/api/messages`)).json()) as {
				messages: Mail[];
			};
			const mail = messages.find((m) => m.to.includes(address));
			code = mail ? /Code: (\d{6})/.exec(mail.html)?.[1] : undefined;
			return code;
		})
		.toBeTruthy();
	return code!;
}

export function uniqueEmail(prefix: string): string {
	return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A customer address of its own (documentation range), so sign-in limits count one test's tries. */
export function customerAddress(): string {
	return `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
}

/** Signs up as Nora Kjøper at `path` and confirms the address by the link mailed to `inbox`. */
export async function register(page: Page, email: string, path = '/register', inbox = mailbox) {
	await page.goto(path);
	await page.locator('input[name=firstName]').fill('Nora');
	await page.locator('input[name=lastName]').fill('Kjøper');
	await page.locator('input[name=email]').fill(email);
	await page.locator('input[name=password]').fill('Glacier-Tundra-Lantern-58');
	await page.locator('input[name=confirmPassword]').fill('Glacier-Tundra-Lantern-58');
	await page.locator('input[name=terms]').check();
	await page.locator('form[data-sign-up] button[type=submit]').click();
	await page.goto(await linkMailedTo(email, inbox));
}

export async function signIn(
	page: Page,
	who: { email: string; password: string },
	path = '/login',
	remember = false,
) {
	await page.setExtraHTTPHeaders({ 'X-Forwarded-For': customerAddress() });
	await page.goto(path);
	await page.locator('input[name=email]').fill(who.email);
	await page.locator('input[name=password]').fill(who.password);
	if (remember) await page.locator('input[name=remember]').check();
	await page.locator('main form[method=post]').first().locator('button[type=submit]').click();
}
