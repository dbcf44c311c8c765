import { describe, expect, it } from 'vitest';
import { ownService, readPrefill } from './prefill';

const read = (query: string) => readPrefill(new URLSearchParams(query));
const mine = 'c0ffee00-0000-4000-8000-000000000103';

describe('readPrefill', () => {
	it('fills the form from compose=1 and its four values', () => {
		expect(
			read(
				`compose=1&subject=Server%20down&department=billing&service=${mine.toUpperCase()}&message=Hello%0Athere`,
			),
		).toEqual({
			open: true,
			values: {
				subject: 'Server down',
				department: 'billing',
				serviceId: mine,
				message: 'Hello\nthere',
			},
		});
	});

	it('starts closed and empty without a query', () => {
		expect(read('')).toEqual({
			open: false,
			values: { subject: '', department: 'technical', serviceId: null, message: '' },
		});
	});

	it('makes an unknown department technical and drops a service that is no id', () => {
		const { values } = read('compose=1&department=admin&service=../../etc');
		expect(values.department).toBe('technical');
		expect(values.serviceId).toBeNull();
	});

	it('caps the lengths at what the database takes', () => {
		const { values } = read(`subject=${'s'.repeat(400)}&message=${'m'.repeat(20_000)}`);
		expect(values.subject).toHaveLength(150);
		expect(values.message).toHaveLength(10_000);
	});

	it('opens for the help articles’ links, which name only a subject', () => {
		expect(read('subject=Cancel%20your%20server&article=billing/cancel').open).toBe(true);
		expect(read('compose=0').open).toBe(false);
	});
});

describe('ownService', () => {
	it('keeps only one of the customer’s services', () => {
		expect(ownService(mine, [{ id: mine }])).toBe(mine);
		expect(ownService(mine, [{ id: 'c0ffee00-0000-4000-8000-000000000101' }])).toBeNull();
		expect(ownService(null, [{ id: mine }])).toBeNull();
	});
});
