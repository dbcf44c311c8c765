import { type Route, ok } from './routes';
import { list } from './transform';
import { notFound } from './validation';

// Eggs with their variables (locations and nodes: nodes.ts).

export const catalogRoutes: Route[] = [
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
];
