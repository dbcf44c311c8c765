import { describe, expect, it } from 'vitest';
import { inboxFilter, inboxQuery, isTicketNotice, languageName } from './tickets';

const filterOf = (query: string) => inboxFilter(new URLSearchParams(query));

describe('the inbox filter from its query', () => {
	it('shows everything waiting, first page, when the query names nothing', () => {
		expect(filterOf('')).toEqual({
			statuses: ['open', 'answered'],
			department: null,
			search: '',
			mine: false,
			page: 1,
		});
	});

	it('reads each filter', () => {
		expect(
			filterOf('status=answered&department=billing&q=%20kari%40example.com%20&mine=1&page=3'),
		).toEqual({
			statuses: ['answered'],
			department: 'billing',
			search: 'kari@example.com',
			mine: true,
			page: 3,
		});
	});

	it('trusts nothing: closed, unknown values and odd pages fall back', () => {
		for (const query of ['status=closed', 'status=OPEN', 'status=']) {
			expect(filterOf(query).statuses).toEqual(['open', 'answered']);
		}
		expect(filterOf('department=admin').department).toBeNull();
		for (const page of ['0', '-2', '1.5', 'abc', '1e400', '']) {
			expect(filterOf(`page=${page}`).page).toBe(1);
		}
		expect(filterOf(`q=${'x'.repeat(400)}`).search).toHaveLength(320);
		expect(filterOf('mine=yes').mine).toBe(false);
	});

	it('gives the same filter back as a query, leaving out what is the default', () => {
		for (const query of ['', '?status=open&department=sales&q=lag&mine=1&page=2']) {
			const filter = filterOf(query);
			expect(inboxQuery(filter)).toBe(query);
			expect(inboxFilter(new URLSearchParams(inboxQuery(filter)))).toEqual(filter);
		}
		expect(inboxQuery(filterOf('q=a b&page=4'), 1)).toBe('?q=a+b');
	});
});

it('knows the notices of the ticket page, and nothing else', () => {
	expect(isTicketNotice('replied')).toBe(true);
	expect(isTicketNotice('repliedUnmailed')).toBe(true);
	expect(isTicketNotice('deleted')).toBe(false);
	expect(isTicketNotice(null)).toBe(false);
});

it('names the customer’s language in the reader’s', () => {
	expect(languageName('no', 'en-US')).toBe('Norwegian Bokmål');
	expect(languageName('de', 'nb-NO')).toBe('tysk');
	expect(languageName('xx-invalid-', 'en-US')).toBe('xx-invalid-');
});
