import { invariants } from '../two-servers/invariants.ts';
import { runTwoServers } from '../two-servers/scenario.ts';

// Two built site servers behind one local backend (scripts/two-servers/): requests per second and
// p99 against one server and spread over both, and whether the two behaved as one (orders per
// idempotency key, fulfilments per payment, renewal invoices per service, gapless numbers).

type Row = Record<string, string | number>;

export async function benchTwoServers(): Promise<{ rows: Row[]; invariants: Row[] }> {
	const result = await runTwoServers({ throughput: { requests: 400, concurrency: 16 } });
	return {
		rows: result.throughput.map((row) => ({ ...row })),
		invariants: invariants(result).map(({ invariant, holds, evidence }) => ({
			invariant,
			holds: holds ? 'yes' : 'NO',
			evidence,
		})),
	};
}

if (import.meta.main) {
	const { rows, invariants: checks } = await benchTwoServers();
	console.log('\nTwo site servers behind one local backend (simulated panel, delays 0):');
	console.table(rows);
	console.table(checks);
}
