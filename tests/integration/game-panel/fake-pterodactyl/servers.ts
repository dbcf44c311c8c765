import { createServerRoute } from './create-server';
import { type Route, noContent, ok } from './routes';
import type { FakePanelState, FakeServer } from './state';
import { server as item } from './transform';
import { Validator, notFound, panelError } from './validation';

// /api/application/servers/*: read, build, suspension, deletion, as the panel answers them.

const find = (state: FakePanelState, id: string): FakeServer | undefined =>
	state.servers.find((s) => String(s.id) === id);

export const serverRoutes: Route[] = [
	createServerRoute,
	[
		'GET',
		/^\/servers\/external\/([^/]+)$/,
		({ state, params, query }) => {
			const s = state.servers.find((x) => x.external_id === decodeURIComponent(params[0]!));
			return s ? ok(item(state, s, query.get('include'))) : notFound();
		},
	],
	[
		'GET',
		/^\/servers\/(\d+)$/,
		({ state, params, query }) => {
			const s = find(state, params[0]!);
			return s ? ok(item(state, s, query.get('include'))) : notFound();
		},
	],
	[
		'PATCH',
		/^\/servers\/(\d+)\/build$/,
		({ state, params, query, body }) => {
			const s = find(state, params[0]!);
			if (!s) return notFound();
			const v = new Validator(body).check('allocation', 'required|integer');
			if (lookupLimits(body))
				for (const f of ['memory', 'disk', 'cpu']) v.check(`limits.${f}`, 'required|integer|min:0');
			if (lookupLimits(body))
				v.check('limits.swap', 'required|integer|min:-1').check(
					'limits.io',
					'required|integer|between:10,1000',
				);
			v.check('feature_limits', 'required|array');
			v.check('feature_limits.databases', 'present|nullable|integer|min:0');
			v.check('feature_limits.backups', 'present|nullable|integer|min:0');
			const invalid = v.answer();
			if (invalid) return invalid;
			const b = body as {
				allocation: number;
				limits?: Record<string, number>;
				feature_limits: Record<string, number | null>;
			};
			if (!state.allocations.some((a) => a.id === b.allocation && a.server === s.id))
				return panelError(
					400,
					'DisplayException',
					'The requested default allocation is not currently assigned to this server.',
				);
			s.allocation = b.allocation;
			if (b.limits) s.limits = { ...s.limits, ...b.limits };
			s.feature_limits = { ...s.feature_limits, ...b.feature_limits };
			return ok(item(state, s, query.get('include')));
		},
	],
	[
		'POST',
		/^\/servers\/(\d+)\/(suspend|unsuspend)$/,
		({ state, params }) => {
			const s = find(state, params[0]!);
			if (!s) return notFound();
			state.settle(s);
			const suspend = params[1] === 'suspend';
			// Idempotent; Wings kills a server that gets suspended.
			if (suspend && s.status !== 'suspended') s.power = { state: 'offline', queue: [] };
			if (suspend) s.status = 'suspended';
			else if (s.status === 'suspended') s.status = null;
			return noContent();
		},
	],
	[
		'DELETE',
		/^\/servers\/(\d+)$/,
		({ state, params }) => {
			const s = find(state, params[0]!);
			if (!s) return notFound();
			state.servers = state.servers.filter((x) => x !== s);
			for (const a of state.allocations) if (a.server === s.id) a.server = null;
			return noContent();
		},
	],
];

function lookupLimits(body: unknown): boolean {
	return typeof body === 'object' && body !== null && 'limits' in body;
}
