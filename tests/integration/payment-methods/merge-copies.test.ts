import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 27 item 4, the data already saved: the migration that keys cards on their fingerprint
// first merges the copies of one card a customer has (each payment saved another). Its table part
// runs here on a bare payment_methods table holding such copies, as a database upgraded today has.

const migration = readFileSync(
	new URL(
		'../../../supabase/migrations/20261126190000_one_card_per_fingerprint.sql',
		import.meta.url,
	),
	'utf8',
);
const tablePart = migration.slice(
	migration.indexOf('alter table public.payment_methods add column fingerprint'),
	migration.indexOf('drop function public.record_saved_card'),
);

const [a, b] = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
const visa = `'visa', '4242', 12, 2034`;
let db: PGlite;

beforeAll(async () => {
	db = new PGlite();
	await db.exec(`
		create schema private;
		create table public.payment_methods (id uuid primary key default gen_random_uuid(),
			user_id uuid not null, gateway text not null, gateway_reference text not null unique,
			brand text not null, last4 text not null, exp_month integer not null,
			exp_year integer not null, is_default boolean not null default false,
			created_at timestamptz not null default now());
		create unique index payment_methods_one_default on public.payment_methods (user_id)
			where is_default;
		insert into public.payment_methods (user_id, gateway, gateway_reference, brand, last4,
			exp_month, exp_year, is_default, created_at) values
			('${a}', 'stripe', 'pm_first', ${visa}, false, '2026-01-01'),
			('${a}', 'stripe', 'pm_default', ${visa}, true, '2026-02-01'),
			('${a}', 'stripe', 'pm_newest', ${visa}, false, '2026-03-01'),
			('${a}', 'stripe', 'pm_other_card', 'mastercard', '4444', 3, 2030, false, '2026-03-02'),
			('${b}', 'stripe', 'pm_b_first', ${visa}, false, '2026-01-01'),
			('${b}', 'stripe', 'pm_b_newest', ${visa}, false, '2026-01-05');
	`);
	await db.exec(tablePart);
}, 60_000);

afterAll(() => db.close());

const cardsOf = async (user: string) =>
	(
		await db.query<{ gateway_reference: string; is_default: boolean; created_at: Date }>(
			`select gateway_reference, is_default, created_at from public.payment_methods
				where user_id = $1 order by created_at`,
			[user],
		)
	).rows.map((r) => ({ ...r, created_at: r.created_at.toISOString().slice(0, 10) }));

describe('merging the copies of one card', () => {
	it('keeps the default entry with the newest method id, and the other card', async () => {
		expect(await cardsOf(a)).toEqual([
			{ gateway_reference: 'pm_newest', is_default: true, created_at: '2026-02-01' },
			{ gateway_reference: 'pm_other_card', is_default: false, created_at: '2026-03-02' },
		]);
	});

	it('without a default keeps the oldest entry, with the newest method id', async () => {
		expect(await cardsOf(b)).toEqual([
			{ gateway_reference: 'pm_b_newest', is_default: false, created_at: '2026-01-01' },
		]);
	});

	it('refuses a second entry for the same card from then on', async () => {
		const copy = db.exec(`insert into public.payment_methods (user_id, gateway,
			gateway_reference, brand, last4, exp_month, exp_year) values
			('${b}', 'stripe', 'pm_b_again', ${visa})`);
		await expect(copy).rejects.toThrow(/payment_methods_one_per_card/);
	});
});
