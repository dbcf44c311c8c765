import { type Route, ok } from './routes';
import { NODE } from './state';
import { allocation, list } from './transform';
import { notFound } from './validation';

// Locations, eggs with their variables, the node, and its allocations (paged, as the panel pages
// them).

const STAMP = '2026-01-01T00:00:00+00:00';

export const catalogRoutes: Route[] = [
	[
		'GET',
		/^\/locations$/,
		({ query }) => {
			const location = { id: NODE.location_id, short: 'no-osl', long: 'Oslo' };
			const page = Number(query.get('page') ?? 1);
			const perPage = Number(query.get('per_page') ?? 50);
			const row = { ...location, created_at: STAMP, updated_at: STAMP };
			return ok(list('location', [row], page, perPage));
		},
	],
	[
		'GET',
		/^\/nests\/(\d+)\/eggs\/(\d+)$/,
		({ state, params, query }) => {
			const egg = state.eggs.find(
				(e) => String(e.nest) === params[0] && String(e.id) === params[1],
			);
			if (!egg) return notFound();
			const { variables, ...rest } = egg;
			const relationships = query.get('include')?.includes('variables')
				? { variables: list('egg_variable', variables) }
				: undefined;
			return ok({
				object: 'egg',
				attributes: {
					...rest,
					docker_images: egg.docker_images ?? { Default: egg.docker_image },
					relationships,
				},
			});
		},
	],
	[
		'GET',
		/^\/nodes\/(\d+)$/,
		({ params }) =>
			params[0] === String(NODE.id)
				? ok({ object: 'node', attributes: { ...NODE, public: true } })
				: notFound(),
	],
	[
		'GET',
		/^\/nodes\/(\d+)\/allocations$/,
		({ state, params, query }) => {
			if (params[0] !== String(NODE.id)) return notFound();
			const page = Number(query.get('page') ?? 1);
			const perPage = Number(query.get('per_page') ?? 50);
			return ok(list('allocation', state.allocations.map(allocation), page, perPage));
		},
	],
];
