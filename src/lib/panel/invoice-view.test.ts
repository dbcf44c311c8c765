import { describe, expect, it } from 'vitest';
import {
	defaultInvoiceView,
	pageCount,
	readInvoiceView,
	searchTerm,
	writeInvoiceView,
} from './invoice-view';

const read = (query: string) => readInvoiceView(new URLSearchParams(query));

describe('the invoice list view in the URL', () => {
	it('reads what it wrote, and leaves defaults out of the URL', () => {
		const view = {
			q: 'rust',
			status: 'overdue',
			sort: 'total',
			dir: 'asc',
			per: 'all',
			page: 3,
		} as const;
		expect(writeInvoiceView(view).toString()).toBe(
			'q=rust&status=overdue&sort=total&dir=asc&per=all&page=3',
		);
		expect(read(writeInvoiceView(view).toString())).toEqual(view);
		expect(writeInvoiceView(defaultInvoiceView).toString()).toBe('');
	});

	it('falls back to the default for anything it does not know', () => {
		expect(read('status=lost&sort=drop%20table&dir=up&per=7&page=-1')).toEqual(defaultInvoiceView);
		expect(read('page=1.5').page).toBe(1);
		expect(read('page=100001').page).toBe(1);
		expect(read('per=5&page=2')).toMatchObject({ per: 5, page: 2 });
		expect(read(`q=${'x'.repeat(80)}`).q).toHaveLength(60);
	});
});

describe('searchTerm', () => {
	it('matches amounts written with a decimal comma, and never as a pattern', () => {
		expect(searchTerm('  NOK 200,00 ')).toBe('nok 200.00');
		expect(searchTerm('50%_off*')).toBe('50 off');
		expect(searchTerm('a,b (c)')).toBe('a b c');
	});
});

describe('pageCount', () => {
	it('is at least one page, and one page for all', () => {
		expect(pageCount(0, 5)).toBe(1);
		expect(pageCount(24, 5)).toBe(5);
		expect(pageCount(25, 5)).toBe(5);
		expect(pageCount(26, 5)).toBe(6);
		expect(pageCount(1000, 'all')).toBe(1);
	});
});
