import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n';
import { invoiceStatusKey } from '../../islands/panel/shared/InvoiceTable';
import { invoiceKindKey, invoiceKinds } from './invoice-kinds';
import { invoiceStatuses } from '../domain/invoice-status';

// The invoice list builds its labels from a kind and a status; every one it can build must be a
// string in every language, or the customer reads the key itself.

const migrations = new URL('../../../supabase/migrations/', import.meta.url);

/** The kinds the newest invoices_kind_check allows: what the database can hand the panel. */
function databaseKinds(): string[] {
	const checks = readdirSync(migrations)
		.filter((name) => name.endsWith('.sql'))
		.sort()
		.flatMap((name) => [
			...readFileSync(new URL(name, migrations), 'utf8').matchAll(
				/invoices_kind_check\s+check \(kind in \(([^)]*)\)\)/g,
			),
		]);
	const last = checks.at(-1)?.[1] ?? '';
	return [...last.matchAll(/'(\w+)'/g)].map((m) => m[1]!);
}

describe.each(Object.keys(dictionaries))('the %s dictionary', (locale) => {
	const dictionary = dictionaries[locale as keyof typeof dictionaries];

	it('labels every invoice kind', () => {
		expect(invoiceKinds.filter((kind) => !(invoiceKindKey(kind) in dictionary))).toEqual([]);
	});

	it('labels every invoice status', () => {
		expect(invoiceStatuses.filter((s) => !(invoiceStatusKey(s) in dictionary))).toEqual([]);
	});
});

it('knows every invoice kind the database allows, and no other', () => {
	expect([...invoiceKinds].sort()).toEqual(databaseKinds().sort());
});
