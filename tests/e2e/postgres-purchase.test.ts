import pg from 'pg';
import { expect, test } from './test';
import { register, uniqueEmail } from './backend';
import { addToCart, checkoutAndPay } from './purchase';
import { postgresShop } from './postgres-shop';

// The product on PostgreSQL (`DATABASE_URL=… npm start`): a shop of its own on a fresh database
// (postgres-shop.ts), where a new customer buys a game server in the browser as on the PGlite shop
// (checkout.test.ts). What the stack wrote for it is then read with psql's eyes, straight from the
// database, not through the stack.

const shop = postgresShop(50);

test.use({ baseURL: shop.site });

test.beforeAll(async () => {
	// A new cluster, the product's migrations and the demo seed on it, then the site.
	test.setTimeout(180_000);
	await shop.start();
});

test.afterAll(async () => {
	await shop.stop();
});

test('a new customer buys a game server from the shop on PostgreSQL, which holds the order', async ({
	page,
}) => {
	const email = uniqueEmail('postgres-buyer');
	await register(page, email, '/register', shop.mailbox);
	await addToCart(page, '/palworld-server-hosting');
	await checkoutAndPay(page, 'pay');
	const order = new URL(page.url()).searchParams.get('order');
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 20_000 });

	const db = new pg.Client({ connectionString: shop.databaseUrl });
	await db.connect();
	try {
		const { rows } = await db.query(
			`select u.email, o.status as order, s.status as service, s.game, s.panel_server_id is not null as on_panel,
				i.kind as invoice_kind, i.status as invoice, i.total = o.total as invoice_total_is_order_total
			from public.orders o
			join auth.users u on u.id = o.user_id
			join public.services s on s.id = o.service_id
			join public.invoices i on i.order_id = o.id
			where o.id = $1`,
			[order],
		);
		expect(rows).toEqual([
			{
				email,
				order: 'paid',
				service: 'active',
				game: 'palworld',
				on_panel: true,
				invoice_kind: 'new',
				invoice: 'paid',
				invoice_total_is_order_total: true,
			},
		]);
	} finally {
		await db.end();
	}
});
