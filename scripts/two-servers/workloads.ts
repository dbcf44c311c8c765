import type { Customer } from './browser.ts';
import type { Workload } from './throughput.ts';

// Cheap but real requests for the throughput comparison: a page rendered per request that needs
// no backend, and the order-progress API the checkout's complete page polls (the session checked
// by the auth service, the order read from the database).

export function workloads(customer: Customer, orderId: string): Workload[] {
	return [
		{
			name: 'GET /login (rendered per request)',
			request: (origin) => ({
				url: `${origin}/login`,
				init: { headers: { Accept: 'text/html' } },
			}),
		},
		{
			name: 'GET /api/orders/{id} (session cookie, backend read)',
			request: (origin) => ({
				url: `${origin}/api/orders/${orderId}`,
				init: { headers: { Accept: 'application/json', Cookie: customer.cookie } },
			}),
		},
	];
}
