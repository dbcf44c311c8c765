/**
 * `npm start`: builds the site if the build is older than its sources, then serves it and says
 * where to open it. Ctrl-C stops everything.
 */
import { buildIsStale, run } from './build-state.ts';
import { serveSite } from './serve.ts';

if (await buildIsStale()) {
	console.log('Building the site (sources changed since the last build)…');
	await run('astro', ['build']);
}

const { url, child } = await serveSite();
console.log(`\n  Frostnode is running: ${url}\n  Stop with Ctrl-C.\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
