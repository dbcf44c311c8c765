import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../lib/panel/types';
import { greetingKey, isNewCustomer } from './dashboard';

const empty: Dashboard = {
	firstName: 'Astrid',
	summary: { activeServers: 0, unpaidInvoices: 0, activeTickets: 0, totalSpent: [] },
	openInvoices: [],
	recentInvoices: [],
	servers: [],
};

describe('the dashboard greeting', () => {
	it('greets a customer who has bought nothing yet as new, not as one coming back', () => {
		expect(isNewCustomer(empty)).toBe(true);
		expect(greetingKey(empty)).toBe('panel.welcomeNew');
	});

	it.each([
		['a server', { servers: [{}] }],
		['an invoice', { recentInvoices: [{}] }],
	])('welcomes back a customer with %s', (_, has) => {
		const data = { ...empty, ...has } as Dashboard;
		expect(isNewCustomer(data)).toBe(false);
		expect(greetingKey(data)).toBe('panel.welcome');
	});
});
