import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { localeCodes } from '../../../src/i18n/locales.ts';
import { invoiceLineKinds } from '../../../src/lib/billing/invoice-line.ts';
import { billingCycles } from '../../../src/lib/domain/billing-cycle.ts';
import { currencies } from '../../../src/lib/domain/currency.ts';
import { gatewayNames, settledBy } from '../../../src/lib/domain/gateway.ts';
import { invoiceStatuses, isOpenInvoice } from '../../../src/lib/domain/invoice-status.ts';
import { orderCancelReasons } from '../../../src/lib/domain/order-cancel-reason.ts';
import { paymentMethods } from '../../../src/lib/domain/payment-method.ts';
import { productTypes, tiers } from '../../../src/lib/domain/product.ts';
import { locationIds } from '../../../src/lib/domain/location.ts';
import { transactionKinds, transactionStatuses } from '../../../src/lib/domain/transaction-kind.ts';
import { upgradeStatuses } from '../../../src/lib/domain/upgrade-status.ts';
import { payoutStatuses } from '../../../src/lib/panel/affiliate.ts';
import { subdomainDnsStates } from '../../../src/lib/subdomain.ts';
import { vpsImageIds } from '../../../src/lib/vps/images.ts';
import { departments, ticketStatuses } from '../../../src/lib/panel/support.ts';
import { noticeKinds } from '../../../src/server/billing/run/notice-mail.ts';
import { staffActions } from '../../../src/lib/domain/staff-action.ts';
import { approvalKinds, approvalStatuses } from '../../../src/lib/domain/staff-approval.ts';
import { serviceEvents } from '../../../src/lib/domain/service-event.ts';
import { serviceStatuses } from '../../../src/lib/domain/service-status.ts';
import { consoleEndings } from '../../../src/lib/domain/console-ending.ts';
import { consoleKinds, consoleViewers } from '../../../src/lib/domain/console-token.ts';
import {
	minecraftSoftware,
	modpackLoaders,
	softwareInstallStatuses,
} from '../../../src/lib/domain/minecraft-software.ts';
import {
	softwareChangeKinds,
	softwareInstallErrors,
	softwareInstallSteps,
} from '../../../src/lib/domain/software-change.ts';
import { startSchemaStack } from './schema-stack.ts';

// Each closed set is written once in TypeScript (src/lib/domain and the feature modules named
// below); where the database must repeat it in a check or a domain, this test reads what the
// migrations really built and holds the two equal, so a value added on one side only fails here.

const sets: Record<string, readonly string[]> = {
	'domain currency_code': currencies,
	'domain billing_cycle': billingCycles,
	'invoices.status': invoiceStatuses,
	'profiles.preferred_locale': localeCodes,
	'orders.payment_method': [...paymentMethods, 'none'],
	'orders.cancel_reason': orderCancelReasons,
	'services.product_type': productTypes,
	'services.tier': tiers,
	'services.location': locationIds,
	'service_upgrades.status': upgradeStatuses,
	'transactions.kind': transactionKinds,
	'transactions.status': transactionStatuses,
	'transactions.method': paymentMethods,
	'tickets.department': departments,
	'tickets.status': ticketStatuses,
	'invoice_items.line': invoiceLineKinds,
	'billing_notices.kind': noticeKinds,
	'affiliate_payouts.status': payoutStatuses,
	'services.subdomain_dns': subdomainDnsStates,
	'vps_machines.image': vpsImageIds,
	'staff_audit.action': staffActions,
	'staff_approvals.kind': approvalKinds,
	'staff_approvals.status': approvalStatuses,
	'service_activity.event': serviceEvents,
	'services.status': serviceStatuses,
	'transactions.gateway': gatewayNames,
	'payment_methods.gateway': gatewayNames,
	'credit_notes.gateway': gatewayNames,
	'payment_events.gateway': settledBy,
	'invoices.gateway': settledBy,
	'vps_console_tokens.console': consoleKinds,
	'vps_console_tokens.viewer': consoleViewers,
	'server_software.software': minecraftSoftware,
	'server_software.modpack_loader': modpackLoaders,
	'software_installs.kind': softwareChangeKinds,
	'software_installs.status': softwareInstallStatuses,
	'software_installs.step': softwareInstallSteps,
	'software_installs.error_code': softwareInstallErrors,
};

let stack: LocalStack;
let built: Map<string, string[]>;
let consoleAnswers: string[];
let gameConsoleAnswers: string[];

/**
 * `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`, a domain's `CHECK ((VALUE = ANY …))` or
 * a check that first allows null: the column it starts with, and the values of its list.
 */
function listed(definition: string): { column: string; values: string[] } | null {
	const column = /CHECK\s*\(+\s*(\w+)/i.exec(definition)?.[1];
	const list = /ARRAY\[(.*?)\]/i.exec(definition)?.[1] ?? /\bIN\s*\((.*?)\)/i.exec(definition)?.[1];
	if (!column || list === undefined) return null;
	return { column, values: [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]!) };
}

beforeAll(async () => {
	stack = await startSchemaStack();
	const rows = await stack.sql(async (session) => {
		const result = await session.query<{ owner: string; def: string }>(
			`select case when c.contypid <> 0 then 'domain ' || t.typname
			             else c.conrelid::regclass::text end as owner,
			        pg_get_constraintdef(c.oid) as def
			   from pg_constraint c
			   left join pg_type t on t.oid = c.contypid
			  where c.contype = 'c'
			    and (c.connamespace = 'public'::regnamespace)`,
		);
		return result.rows;
	});
	built = new Map();
	for (const { owner, def } of rows) {
		const found = listed(def);
		if (!found) continue;
		const name = owner.replace(/^public\./, '');
		const key = name.startsWith('domain ') ? name : `${name}.${found.column}`;
		built.set(key, found.values);
	}
	const answersOf = async (fn: string) => {
		const source = await stack.sql(async (session) => {
			const result = await session.query<{ src: string }>(
				`select prosrc as src from pg_proc where oid = $1::regproc`,
				[fn],
			);
			return result.rows[0]?.src ?? '';
		});
		return [...source.matchAll(/return '([a-z_]+)'/g)].map((m) => m[1]!);
	};
	consoleAnswers = await answersOf('public.console_access_live');
	gameConsoleAnswers = await answersOf('public.game_console_access_live');
}, 60_000);

afterAll(() => stack.stop());

describe('closed sets: the database allows what the code lists', () => {
	it.each(Object.entries(sets))('%s', (key, list) => {
		expect(built.get(key), `no check or domain lists ${key}`).toBeDefined();
		expect([...built.get(key)!].sort()).toEqual([...list].sort());
	});
});

describe('closed sets: what a function answers', () => {
	it("console_access_live answers 'open' or an ending the site knows, every ending but its own", () => {
		// `idle` is the relay's own timer and `unverified` the watcher's verdict on failed checks.
		const fromDatabase = consoleEndings.filter((e) => e !== 'idle' && e !== 'unverified');
		expect([...consoleAnswers].sort()).toEqual(['open', ...fromDatabase].sort());
	});

	it('game_console_access_live answers the same set', () => {
		const fromDatabase = consoleEndings.filter((e) => e !== 'idle' && e !== 'unverified');
		expect([...new Set(gameConsoleAnswers)].sort()).toEqual(['open', ...fromDatabase].sort());
	});
});

describe('closed sets: the predicates SQL shares with the code', () => {
	it('private.invoice_is_open is isOpenInvoice, and no function spells the open statuses out', async () => {
		const rows = await stack.sql(async (session) => {
			const open = await session.query<{ status: string; open: boolean }>(
				`select status, private.invoice_is_open(status) as open from unnest($1::text[]) as status`,
				[invoiceStatuses],
			);
			const spelled = await session.query<{ name: string }>(
				`select p.oid::regprocedure::text as name from pg_proc p
				  where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
				    and p.proname <> 'invoice_is_open'
				    and p.prosrc ~* $$'(unpaid|overdue)',\s*'(unpaid|overdue)'$$`,
			);
			return { open: open.rows, spelled: spelled.rows.map((r) => r.name) };
		});
		expect(rows.open).toEqual(
			invoiceStatuses.map((status) => ({ status, open: isOpenInvoice(status) })),
		);
		expect(rows.spelled).toEqual([]);
	});
});
