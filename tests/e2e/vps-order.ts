import { expect, type Page } from './test';
import { signIn } from './backend';
import { newAccount } from './fixtures';

/**
 * A new customer (or `account`, when the test signs in as them elsewhere too) orders a VPS through
 * POST /api/checkout and pays it on the test gateway's page; answers the order's id (the order
 * page then follows it to a running machine).
 */
export async function orderVps(
	page: Page,
	vps: { image: string; hostname: string; sshKeys?: string[] },
	options: {
		account?: { email: string; password: string };
		/** The "Your own subdomain" extra with this label. */
		subdomain?: string;
		/** Where it runs: Oslo (node pve1 and its 203.0.113.0/24 pool) unless another is named. */
		location?: string;
	} = {},
) {
	const { account, subdomain, location = 'oslo' } = options;
	await signIn(page, account ?? (await newAccount('vps')));
	await expect(page).toHaveURL(/\/panel$/);
	const answer = await page.request.post('/api/checkout', {
		data: {
			item: {
				planId: 'vps-premium',
				ram: 2,
				storageGb: null,
				extras: subdomain ? ['subDomain'] : [],
				...(subdomain ? { subdomain } : {}),
				cycle: 'monthly',
				currency: 'EUR',
				price: 1,
				vps,
				location,
			},
			billing: {
				name: 'Sigrid Berg',
				address: 'Storgata 1',
				postcode: '0155',
				city: 'Oslo',
				country: 'NO',
			},
			method: 'card',
			idempotencyKey: `vps-${Math.random().toString(36).slice(2, 12)}`,
			total: 1,
			locale: 'en',
		},
	});
	expect(answer.status()).toBe(201);
	const { paymentUrl, orderId } = (await answer.json()) as { paymentUrl: string; orderId: string };
	await page.goto(paymentUrl);
	await page.locator('button[value=pay]').click();
	await expect(page).toHaveURL(/\/checkout\/complete\?order=/);
	return orderId;
}
