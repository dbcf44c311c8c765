import { type Route, ok } from './routes';
import { LOCATIONS, type FakeAllocation, type FakeNode, type FakePanelState } from './state';
import { allocation, list } from './transform';
import { type Answer, notFound, panelError } from './validation';

// Locations, nodes with their room (NodeTransformer's allocated_resources), their allocations
// (paged, with the panel's allowed filters), and automatic deployment as the panel decides it:
// FindViableNodesService (public nodes of the locations whose servers' limits plus the new one fit
// the node times 1 + over-allocation/100; maintenance is not looked at), then
// AllocationSelectionService (an unassigned port in the ranges on one of them).

const STAMP = '2026-01-01T00:00:00+00:00';

/** What the panel's servers on `node` claim (the sum of their limits, MiB). */
export function allocated(state: FakePanelState, node: number) {
	const on = state.servers.filter((s) => s.node === node);
	const sum = (key: 'memory' | 'disk') => on.reduce((t, s) => t + Number(s.limits[key] ?? 0), 0);
	return { memory: sum('memory'), disk: sum('disk') };
}

function node(state: FakePanelState, n: FakeNode) {
	return {
		...{ ...n, uuid: `00000000-0000-4000-8000-00000000000${n.id}`, description: null },
		...{ scheme: 'https', behind_proxy: false, upload_size: 100, daemon_listen: 8080 },
		...{ daemon_base: '/var/lib/pterodactyl/volumes', created_at: STAMP, updated_at: STAMP },
		allocated_resources: allocated(state, n.id),
	};
}

const page = (query: URLSearchParams) => ({
	page: Number(query.get('page') ?? 1),
	perPage: Number(query.get('per_page') ?? 50),
});

export function inRanges(port: number, ranges: string[]): boolean {
	if (ranges.length === 0) return true;
	return ranges.some((range) => {
		const [low, high = low] = range.split('-').map(Number);
		return port >= low! && port <= high!;
	});
}

/** The allocation a deployment takes, or the panel's 400 saying why there is none. */
export function deploy(
	state: FakePanelState,
	{ memory, disk }: { memory: number; disk: number },
	locations: number[],
	ranges: string[],
): FakeAllocation | Answer {
	const fits = (n: FakeNode) => {
		const used = allocated(state, n.id);
		const limit = (total: number, over: number) => total * (1 + over / 100);
		return (
			used.memory + memory <= limit(n.memory, n.memory_overallocate) &&
			used.disk + disk <= limit(n.disk, n.disk_overallocate)
		);
	};
	const viable = state.nodes.filter(
		(n) => n.public && (locations.length === 0 || locations.includes(n.location_id)) && fits(n),
	);
	if (viable.length === 0)
		return panelError(
			400,
			'NoViableNodeException',
			'No nodes satisfying the requirements specified for automatic deployment could be found.',
		);
	const ids = viable.map((n) => n.id);
	const free = state.allocations.find(
		(a) => a.server === null && ids.includes(a.node) && inRanges(a.port, ranges),
	);
	return (
		free ??
		panelError(
			400,
			'NoViableAllocationException',
			'No allocations satisfying the requirements for automatic deployment were found.',
		)
	);
}

const ALLOCATION_FILTERS = ['ip', 'port', 'ip_alias', 'server_id'];

/** AllocationController@index's filters; spatie's query builder refuses any other. */
function filtered(query: URLSearchParams, rows: FakeAllocation[]): FakeAllocation[] | Answer {
	let kept = rows;
	for (const [key, value] of query) {
		const name = key.match(/^filter\[(.+)\]$/)?.[1];
		if (name === undefined) continue;
		if (!ALLOCATION_FILTERS.includes(name))
			return panelError(
				400,
				'InvalidFilterQuery',
				`Requested filter(s) \`${name}\` are not allowed. Allowed filter(s) are \`${ALLOCATION_FILTERS.join(', ')}\`.`,
			);
		// Empty, a boolean or not digits: unassigned; digits: that server's.
		if (name === 'server_id')
			kept = /^\d+$/.test(value)
				? kept.filter((a) => a.server === Number(value))
				: kept.filter((a) => a.server === null);
		if (name === 'port') kept = kept.filter((a) => String(a.port) === value);
	}
	return kept;
}

export const nodeRoutes: Route[] = [
	[
		'GET',
		/^\/locations$/,
		({ query }) => {
			const rows = LOCATIONS.map((l) => ({ ...l, created_at: STAMP, updated_at: STAMP }));
			return ok(list('location', rows, page(query).page, page(query).perPage));
		},
	],
	[
		'GET',
		/^\/nodes$/,
		({ state, query }) => {
			const rows = state.nodes.map((n) => node(state, n));
			return ok(list('node', rows, page(query).page, page(query).perPage));
		},
	],
	[
		'GET',
		/^\/nodes\/(\d+)$/,
		({ state, params }) => {
			const found = state.nodes.find((n) => String(n.id) === params[0]);
			return found ? ok({ object: 'node', attributes: node(state, found) }) : notFound();
		},
	],
	[
		'GET',
		/^\/nodes\/(\d+)\/allocations$/,
		({ state, params, query }) => {
			if (!state.nodes.some((n) => String(n.id) === params[0])) return notFound();
			const rows = filtered(
				query,
				state.allocations.filter((a) => String(a.node) === params[0]),
			);
			if (!Array.isArray(rows)) return rows;
			return ok(list('allocation', rows.map(allocation), page(query).page, page(query).perPage));
		},
	],
];
