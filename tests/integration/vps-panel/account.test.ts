import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInvoiceView } from '../../../src/lib/panel/invoice-view.ts';
import { other } from '../data-model/personas.ts';
import { startVpsStack, type VpsStack } from './fixture.ts';
import type * as Dashboard from '../../../src/server/dashboard/queries.ts';
import type * as Invoices from '../../../src/server/invoices/queries.ts';
import type * as Servers from '../../../src/server/servers/queries.ts';
import type * as Support from '../../../src/server/support/queries.ts';

// Issue 39 item 5: the panel's reads treat a VPS as a first-class server. Its page reads the same
// subscription, invoices and money-back offer as a game server's (14 days for a VPS); every read
// that names a server names a VPS by its machine's hostname; the server lists are per kind; and a
// page can tell which kind an id of the customer's is, to send it to that kind's page.

let s: VpsStack;
let servers: typeof Servers;
let dash: typeof Dashboard;
let invoices: typeof Invoices;
let support: typeof Support;
let vps: string;
const demoGame = 'c0ffee00-0000-4000-8000-000000000101';
const day = 86_400_000;

beforeAll(async () => {
	s = await startVpsStack();
	servers = await import('../../../src/server/servers/queries.ts');
	dash = await import('../../../src/server/dashboard/queries.ts');
	invoices = await import('../../../src/server/invoices/queries.ts');
	support = await import('../../../src/server/support/queries.ts');
	vps = await s.running('named-vps-01');
}, 60_000);
afterAll(() => s.stop());

describe('a VPS in the panel’s reads', () => {
	it('its page’s data: hostname, subscription, invoices and the 14-day money-back offer', async () => {
		const detail = await servers.serverDetail(s.p.owner, s.owner.id, vps);
		expect(detail).toMatchObject({
			id: vps,
			type: 'vps',
			hostname: 'named-vps-01',
			status: 'active',
			subscription: { cycle: 'monthly', currency: 'EUR' },
		});
		expect(detail!.subscription.recurringAmount).toBeGreaterThan(0);
		expect(detail!.subscription.periodEnd).toBeTruthy();
		expect(detail!.invoices.map((row) => row.kind)).toEqual(['new']);
		expect(detail!.invoices[0]!.service?.hostname).toBe('named-vps-01');
		const paidAt = detail!.invoices[0]!.paidAt!;
		expect(detail!.moneyBack?.deadline).toBe(
			new Date(new Date(paidAt).getTime() + 14 * day).toISOString(),
		);
	});

	it('the server lists are per kind: the VPS under VPS, game servers under game servers', async () => {
		const view = { per: 'all' as const, page: 1 };
		const vpsRows = (await servers.listServers(s.p.owner, s.owner.id, view, 'vps')).rows;
		expect(vpsRows.map((row) => [row.id, row.hostname])).toContainEqual([vps, 'named-vps-01']);
		expect(vpsRows.every((row) => row.type === 'vps')).toBe(true);
		const gameRows = (await servers.listServers(s.p.owner, s.owner.id, view, 'game')).rows;
		expect(gameRows.map((row) => row.id)).toContain(demoGame);
		expect(gameRows.every((row) => row.type === 'game')).toBe(true);
	});

	it('the dashboard, the invoice list and the ticket form name the VPS by its hostname', async () => {
		const board = await dash.dashboard(s.p.owner);
		expect(board.servers.find((row) => row.id === vps)?.hostname).toBe('named-vps-01');
		expect(board.servers.find((row) => row.id === demoGame)?.hostname).toBeNull();
		const list = await invoices.listInvoices(
			s.p.owner,
			s.owner.id,
			readInvoiceView(new URLSearchParams('per=all')),
		);
		const named = list.rows.filter((row) => row.service?.id === vps);
		expect(named.map((row) => row.service?.hostname)).toEqual(['named-vps-01']);
		const tickets = await support.listTickets(s.p.owner, s.owner.id);
		expect(tickets.services.find((service) => service.id === vps)?.hostname).toBe('named-vps-01');
	});

	it('tells a page which kind the customer’s id is; anyone else’s, or nonsense, is no kind', async () => {
		expect(await servers.serviceKind(s.p.owner, s.owner.id, vps)).toBe('vps');
		expect(await servers.serviceKind(s.p.owner, s.owner.id, demoGame)).toBe('game');
		expect(await servers.serviceKind(s.p.other, other.id, vps)).toBeNull();
		expect(await servers.serviceKind(s.p.owner, s.owner.id, 'nonsense')).toBeNull();
	});
});
