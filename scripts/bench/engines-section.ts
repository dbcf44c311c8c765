import { performance } from 'node:perf_hooks';
import { benchBilling } from './billing.ts';
import { benchCheckout } from './checkout.ts';
import { engineTables } from './engine-figures.ts';
import type { EngineRun } from './engine-readers.ts';
import { comparisonRows, engineNames, type EngineName } from './engine-table.ts';
import { pglite, startBenchPostgres, type BenchEngine } from './engines.ts';
import { benchSignInFlood } from './sign-in-flood.ts';
import { payToRunning } from './vps.ts';

// `npm run bench`'s engine comparison (issue 45): the checkout, Pay → running, sign-in flood and
// billing benches on PGlite and on PostgreSQL, each bench on one engine right after the other, so
// the shared machine's load changes as little as possible between the two columns. Every stack on
// PostgreSQL gets a fresh database on one throwaway cluster, removed at the end.

type Results<T> = Partial<Record<EngineName, T>>;

/** Runs `bench` on each engine in turn; a failure is reported and leaves that engine's cell empty. */
async function onEach<T>(
	label: string,
	engines: BenchEngine[],
	bench: (engine: BenchEngine) => Promise<T>,
): Promise<Results<T>> {
	const results: Results<T> = {};
	for (const engine of engines) {
		const started = performance.now();
		try {
			results[engine.name] = await bench(engine);
			const seconds = (performance.now() - started) / 1000;
			console.log(`  ${label} on ${engine.name}: done in ${seconds.toFixed(0)} s`);
		} catch (error) {
			console.error(`  ${label} on ${engine.name} failed:`, error);
		}
	}
	return results;
}

/**
 * Measures and prints the comparison. `measured` holds what this run already measured on PGlite
 * (the full bench's own sections): only PostgreSQL is run then.
 */
export async function benchEngines(measured: { PGlite?: EngineRun } = {}): Promise<void> {
	const postgres = await startBenchPostgres();
	const engines = measured.PGlite ? [postgres] : [pglite, postgres];
	console.log(
		`\nDatabase engines: PGlite (in the stack's process, one connection, queries in turn) against ${postgres.about} (a throwaway cluster; the stack's pool of 10 connections, a fresh database per stack). Running:`,
	);
	let checkout: Results<NonNullable<EngineRun['checkout']>> = {};
	let vps: Results<NonNullable<EngineRun['vps']>> = {};
	let signInFlood: Results<NonNullable<EngineRun['signInFlood']>> = {};
	let billing: Results<NonNullable<EngineRun['billing']>> = {};
	try {
		checkout = await onEach('checkout (1 and 20 buyers)', engines, benchCheckout);
		vps = await onEach('VPS, 20 buyers (delays 0)', engines, (engine) =>
			payToRunning('0', 'Pay → VPS running with its address (delays 0)', engine),
		);
		signInFlood = await onEach('sign-in flood', engines, benchSignInFlood);
		billing = await onEach('billing run (10,000 services)', engines, benchBilling);
	} finally {
		postgres.stop();
	}
	const run = (engine: EngineName): EngineRun => ({
		checkout: checkout[engine],
		vps: vps[engine],
		signInFlood: signInFlood[engine],
		billing: billing[engine],
	});
	const runs = { PGlite: measured.PGlite ?? run('PGlite'), PostgreSQL: run('PostgreSQL') };
	for (const table of engineTables(runs)) {
		console.log(`\n${table.title}:`);
		console.table(comparisonRows(table.figures));
	}
	console.log('\nA discount code limited to 5 uses, 20 orders at once:');
	for (const engine of engineNames)
		console.log(`  ${engine}: ${runs[engine].checkout?.codeUses ?? 'not measured'}`);
}
