import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import type * as LifecycleModule from '../../../src/server/http/lifecycle.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// A site server told to stop (SIGTERM) while a billing run is under way: the run stops between
// services, releases the lock at once, and the next run (on any server) does what was left.

let b: BillingStack;
let runBilling: typeof RunModule.runBilling;
let lifecycle: typeof LifecycleModule;

beforeAll(async () => {
	b = await startBillingStack();
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
	lifecycle = await import('../../../src/server/http/lifecycle.ts');
}, 60_000);

afterAll(() => b.stop());

const renewalCount = async (serviceId: string) =>
	(
		await b.admin
			.from('invoices')
			.select('id', { count: 'exact', head: true })
			.eq('service_id', serviceId)
			.eq('kind', 'renewal')
	).count;

describe('a billing run when the server shuts down', () => {
	it('stops before the next service and leaves the lock free for the next run', async () => {
		const id = await b.activeService('2027-03-01T12:00:00Z', '2027-04-01T12:00:00Z', {
			card: 'tgpm_shutdown_ok',
		});
		lifecycle.beginShutdown();
		const summary = await runBilling(b.admin, { now: new Date('2027-03-28T12:00:00Z'), origin });
		expect(summary).toMatchObject({ ran: true, stoppedEarly: true, outcomes: {} });
		expect(await renewalCount(id)).toBe(0);
		// Released, not left to its 15-minute lease: another holder takes it straight away.
		const { data: taken } = await b.admin.rpc('billing_lock_acquire', {
			holder: 'the-next-server',
			seconds: 60,
		});
		expect(taken).toBe(true);
		await b.admin.rpc('billing_lock_release', { holder: 'the-next-server' });
	});
});
