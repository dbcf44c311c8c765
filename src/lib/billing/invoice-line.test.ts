import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locales, useTranslations, type Locale } from '../../i18n';
import {
	invoiceLineKinds,
	invoiceLineSchema,
	invoiceLineText,
	storedLineText,
	type InvoiceLine,
} from './invoice-line';

const text = (line: InvoiceLine, locale: Locale) =>
	invoiceLineText(line, useTranslations(locale), locales[locale].intl);

const plan: InvoiceLine = {
	kind: 'plan',
	plan: 'valheim-standard',
	tier: 'standard',
	ramGb: 8,
	cycle: 'monthly',
};

describe('an invoice line in the reader’s language', () => {
	it('names the game, plan, RAM and cycle of an order', () => {
		expect(text(plan, 'en')).toBe('Valheim (Standard), 8 GB RAM, monthly');
		expect(text(plan, 'de')).toBe('Valheim (Standard), 8 GB RAM, monatlich');
		expect(text(plan, 'no')).toBe('Valheim (Standard), 8 GB RAM, månedlig');
		expect(text(plan, 'da')).toBe('Valheim (Standard), 8 GB RAM, månedligt');
	});

	it('names the paid extras ordered with it, the subdomain with its label', () => {
		const both: InvoiceLine = { ...plan, extras: { modpack: true, subdomain: 'frost-craft' } };
		expect(text(both, 'en')).toBe(
			'Valheim (Standard), 8 GB RAM, modpack installation (Modpacks tab), subdomain frost-craft, monthly',
		);
		expect(text(both, 'de')).toBe(
			'Valheim (Standard), 8 GB RAM, Modpack-Installation (Tab Modpacks), Subdomain frost-craft, monatlich',
		);
		expect(text({ ...plan, extras: { modpack: false, subdomain: 'frost' } }, 'no')).toBe(
			'Valheim (Standard), 8 GB RAM, underdomene frost, månedlig',
		);
		expect(text({ ...plan, extras: { modpack: true } }, 'da')).toBe(
			'Valheim (Standard), 8 GB RAM, installation af modpacks (fanen Modpacks), månedligt',
		);
		expect(text({ ...plan, extras: { modpack: false } }, 'en')).toBe(text(plan, 'en'));
	});

	it('keeps the plan id of a product the catalogue no longer sells', () => {
		expect(text({ ...plan, plan: 'retired-plan' }, 'en')).toBe(
			'retired-plan (Standard), 8 GB RAM, monthly',
		);
	});

	it('names a renewal with its period as the reader writes dates', () => {
		const renewal: InvoiceLine = {
			kind: 'renewal',
			plan: 'valheim-standard',
			ramGb: 8,
			cycle: 'quarterly',
			from: '2027-01-05',
			to: '2027-04-05',
		};
		expect(text(renewal, 'de')).toBe(
			'Valheim, 8 GB RAM, vierteljährlich (05.01.2027 – 05.04.2027)',
		);
		expect(text(renewal, 'en')).toBe('Valheim, 8 GB RAM, quarterly (Jan 5, 2027 – Apr 5, 2027)');
	});

	it('counts the days of a late fee', () => {
		expect(text({ kind: 'lateFee', days: 1 }, 'en')).toBe('Late fee: 1 day overdue');
		expect(text({ kind: 'lateFee', days: 3 }, 'de')).toBe('Mahngebühr: 3 Tage überfällig');
		expect(text({ kind: 'lateFee', days: 3 }, 'no')).toBe(
			'Forsinkelsesgebyr: 3 dager på etterskudd',
		);
		expect(text({ kind: 'lateFee', days: 1 }, 'da')).toBe('Rykkergebyr: 1 dag for sent');
	});

	it('names a pause and an upgrade', () => {
		const pause: InvoiceLine = { kind: 'pause', plan: 'valheim-standard', months: 2 };
		expect(text(pause, 'de')).toBe('Pause des Valheim-Servers, 2 Monate');
		expect(text(pause, 'no')).toBe('Pause av Valheim-serveren, 2 måneder');
		const upgrade: InvoiceLine = {
			kind: 'upgrade',
			ramGb: 12,
			storageGb: 50,
			daysLeft: 12,
			daysInPeriod: 30,
		};
		expect(text(upgrade, 'de')).toBe('Upgrade auf 12 GB RAM, 50 GB Speicher: 12 von 30 Tagen');
		expect(text(upgrade, 'da')).toBe('Opgradering til 12 GB RAM, 50 GB lagerplads: 12 af 30 dage');
	});

	// Issue 42: an upgrade that only adds the modpack extra read as a size the server already had.
	it('names the modpack extra an upgrade adds', () => {
		const upgrade: InvoiceLine = {
			kind: 'upgrade',
			ramGb: 4,
			storageGb: 25,
			daysLeft: 12,
			daysInPeriod: 30,
			extras: { modpack: true },
		};
		expect(text(upgrade, 'en')).toBe(
			'Upgrade to 4 GB RAM, 25 GB storage, modpack installation (Modpacks tab): 12 of 30 days',
		);
		expect(text(upgrade, 'no')).toBe(
			'Oppgradering til 4 GB RAM, 25 GB lagring, installasjon av modpakker (fanen Modpakker): 12 av 30 dager',
		);
		expect(text({ ...upgrade, extras: { modpack: false } }, 'de')).toBe(
			'Upgrade auf 4 GB RAM, 25 GB Speicher: 12 von 30 Tagen',
		);
	});

	it('falls back to the saved text for rows without a valid line', () => {
		const t = useTranslations('de');
		expect(storedLineText({ line: null, description: 'Old text' }, t, 'de-DE')).toBe('Old text');
		expect(storedLineText({ line: { kind: 'gift' }, description: 'Old' }, t, 'de-DE')).toBe('Old');
		expect(storedLineText({ line: plan, description: 'Old' }, t, 'de-DE')).toBe(
			'Valheim (Standard), 8 GB RAM, monatlich',
		);
	});

	it('refuses a line that is not one of its kinds', () => {
		expect(invoiceLineSchema.safeParse({ kind: 'lateFee', days: -1 }).success).toBe(false);
		expect(invoiceLineSchema.safeParse({ ...plan, cycle: 'weekly' }).success).toBe(false);
	});
});

it('allows in the database exactly the kinds the schema knows', () => {
	const migrations = new URL('../../../supabase/migrations/', import.meta.url);
	const checks = readdirSync(migrations)
		.filter((name) => name.endsWith('.sql'))
		.sort()
		.flatMap((name) => [
			...readFileSync(new URL(name, migrations), 'utf8').matchAll(
				/invoice_items_line_check\s+check[^;]*?array\[([^\]]*)\]/g,
			),
		]);
	const kinds = [...(checks.at(-1)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
	expect(kinds.sort()).toEqual([...invoiceLineKinds].sort());
});
