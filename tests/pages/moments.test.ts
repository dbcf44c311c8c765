import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AuditTable from '../../src/components/staff/AuditTable.astro';
import TicketCustomer from '../../src/components/staff/tickets/TicketCustomer.astro';
import TicketMessages from '../../src/components/staff/tickets/TicketMessages.astro';
import { ActivityList } from '../../src/islands/panel/servers/ActivityList';
import { panelTools } from '../../src/islands/panel/shared/context';
import { ThreadFacts } from '../../src/islands/panel/support/ThreadFacts';
import { ThreadMessages } from '../../src/islands/panel/support/ThreadMessages';
import { dictionaries, locales, type Locale } from '../../src/i18n';
import type { StaffTicketView } from '../../src/lib/staff/tickets';

// One moment, a ticket opened at 04:52 UTC on a winter day, as the customer's panel and the staff
// console show it: the same time, in the same zone, which each says.

const at = '2026-12-07T04:52:00Z';
const summer = '2026-07-07T04:52:00Z';
const container = await AstroContainer.create();

/** The text of some HTML, every kind of space as a plain one. */
const text = (html: string) =>
	html
		.replace(/<[^>]+>/g, ' ')
		.replace(/&nbsp;|\s/g, ' ')
		.replace(/ +/g, ' ');

const expected = {
	en: 'Dec 7, 2026, 5:52 AM GMT+1',
	no: '7. des. 2026, 05:52 CET',
	da: '7. dec. 2026, 05.52 CET',
	de: '7. Dez. 2026, 05:52 MEZ',
} satisfies Record<Locale, string>;

const tools = (locale: Locale) =>
	panelTools({ locale, intl: locales[locale].intl, prefix: '', strings: dictionaries[locale] });

const message = { id: 'm1', author: 'customer' as const, body: 'Hei', at };

function customerViews(locale: Locale, moment = at) {
	const ticket = {
		id: 't1',
		subject: 'Lag',
		department: 'technical' as const,
		status: 'open' as const,
		service: null,
		createdAt: moment,
		messages: [{ ...message, at: moment }],
	};
	return [
		renderToString(createElement(ThreadFacts, { ticket, tools: tools(locale) })),
		renderToString(
			createElement(ThreadMessages, { messages: ticket.messages, tools: tools(locale) }),
		),
		renderToString(
			createElement(ActivityList, {
				activity: [{ event: 'paid', at: moment, detail: {} }],
				tools: tools(locale),
			}),
		),
	].map(text);
}

async function staffViews(locale: Locale, moment = at) {
	const ticket = {
		customer: {
			id: 'c1',
			email: 'kunde@example.com',
			name: 'Kunde',
			company: '',
			country: 'NO',
			locale: 'no',
			since: moment,
		},
		services: [],
	} as unknown as StaffTicketView;
	const rows = [
		{
			id: 1,
			staff_email: 'staff@example.com',
			action: 'ticket_replied',
			customer_id: null,
			subject: 't1',
			before: null,
			after: null,
			at: moment,
		},
	];
	return Promise.all(
		[
			container.renderToString(TicketMessages, {
				props: { locale, messages: [{ ...message, at: moment }] },
			}),
			container.renderToString(TicketCustomer, { props: { locale, ticket } }),
			container.renderToString(AuditTable, { props: { locale, rows } }),
		].map(async (html) => text(await html)),
	);
}

describe('a moment shown to the customer and to staff', () => {
	it.each(Object.keys(expected) as Locale[])(
		'is the same time with its zone on every page (%s)',
		async (locale) => {
			for (const page of [...customerViews(locale), ...(await staffViews(locale))])
				expect(page).toContain(expected[locale]);
		},
	);

	it('names summer time as such', async () => {
		for (const page of [...customerViews('de', summer), ...(await staffViews('de', summer))])
			expect(page).toContain('7. Juli 2026, 06:52 MESZ');
		for (const page of [...customerViews('no', summer), ...(await staffViews('no', summer))])
			expect(page).toContain('7. juli 2026, 06:52 CEST');
	});
});
