import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startLocalStack } from '@frostnode/local-supabase';

// Lines saved as English text before lines were data: the migration reads back what the site wrote
// and leaves every other text as it was, shown as saved. Nothing saved is lost.

const migrations = join(process.cwd(), 'supabase/migrations');
const theMigration = '20261126211000_invoice_line_terms.sql';
const work = mkdtempSync(join(tmpdir(), 'line-backfill-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const before = [
	['service', 'new', 'Valheim (standard), 8 GB RAM, monthly'],
	['service', 'renewal', 'Valheim, 8 GB RAM, monthly (2027-01-05 – 2027-02-05)'],
	['late_fee', 'renewal', 'Late fee: 3 day(s)'],
	['pause', 'pause', 'Pause of Valheim server, 2 month(s)'],
	['upgrade', 'upgrade', 'Upgrade to 12 GB RAM, 50 GB storage: 12 of 30 days'],
	['service', 'new', 'Valheim server, 6 GB RAM, 25 GB storage (annually)'],
] as const;

it('reads the site’s old English lines back into data, and keeps every text', async () => {
	const dir = join(work, 'migrations');
	mkdirSync(dir);
	for (const file of readdirSync(migrations).filter((name) => name < theMigration))
		cpSync(join(migrations, file), join(dir, file));
	const options = {
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		dataDir: join(work, 'data'),
		migrationsDir: dir,
		seedFile: join(work, 'none.sql'),
		configFile: null,
	};
	const old = await startLocalStack(options);
	try {
		await old.sql(async (tx) => {
			const user = '7f3e1c2a-0000-4000-8000-00000000b001';
			const service = '7f3e1c2a-0000-4000-8000-00000000b002';
			await tx.query(`insert into auth.users (id, email) values ($1, 'backfill@example.com')`, [
				user,
			]);
			await tx.query(
				`insert into public.services (id, user_id, product_type, game, plan_id, tier, ram_gb,
					storage_gb, billing_cycle, currency, recurring_amount)
				values ($1, $2, 'game', 'valheim', 'valheim-standard', 'standard', 8, 25, 'monthly',
					'EUR', 800)`,
				[service, user],
			);
			for (const [i, [kind, invoiceKind, description]] of before.entries()) {
				const { rows } = await tx.query<{ id: string }>(
					`insert into public.invoices (user_id, service_id, kind, currency, subtotal, tax_rate,
						tax, total, due_at, billing_name)
					values ($1, $2, $3, 'EUR', 800, 25, 200, 1000, now(), 'Kari')
					returning id`,
					[user, service, invoiceKind],
				);
				await tx.query(
					`insert into public.invoice_items (invoice_id, user_id, position, kind, description,
						unit_amount, amount, taxable)
					values ($1, $2, $3, $4, $5, 100, 100, true)`,
					[rows[0]!.id, user, i + 1, kind, description],
				);
			}
		});
	} finally {
		await old.stop();
	}

	cpSync(join(migrations, theMigration), join(dir, theMigration));
	const migrated = await startLocalStack(options);
	try {
		expect(migrated.appliedMigrations).toEqual([theMigration]);
		const rows = await migrated.sql(
			async (tx) =>
				(
					await tx.query<{ description: string; line: unknown }>(
						'select description, line from public.invoice_items order by position',
					)
				).rows,
		);
		expect(rows.map((row) => row.description)).toEqual(before.map(([, , text]) => text));
		expect(rows.map((row) => row.line)).toEqual([
			{ kind: 'plan', plan: 'valheim-standard', tier: 'standard', ramGb: 8, cycle: 'monthly' },
			{
				kind: 'renewal',
				plan: 'valheim-standard',
				ramGb: 8,
				cycle: 'monthly',
				from: '2027-01-05',
				to: '2027-02-05',
			},
			{ kind: 'lateFee', days: 3 },
			{ kind: 'pause', plan: 'valheim-standard', months: 2 },
			{ kind: 'upgrade', ramGb: 12, storageGb: 50, daysLeft: 12, daysInPeriod: 30 },
			null,
		]);
	} finally {
		await migrated.stop();
	}
});
