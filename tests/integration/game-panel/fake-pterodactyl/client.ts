import { type Route, noContent, ok } from './routes';
import type { FakePanelState, FakeServer } from './state';
import { list } from './transform';
import { type Answer, Validator, notFound, panelError } from './validation';

// /api/client: the servers the key's account owns. /api/client/servers/{identifier or uuid}/*:
// power and resources (schedules: schedules.ts). Power is refused (409) while the server is
// suspended or installing; resources are still answered while suspended.

/** The seeded root admin, whose account both fake keys belong to. */
const ROOT_ADMIN_ID = 1;

export const conflict = () =>
	panelError(
		409,
		'ServerStateConflictException',
		'This server is currently in an unsupported state, please try again later.',
	);

/** The server a client route names, by identifier or uuid. */
export const clientServer = (state: FakePanelState, id: string): FakeServer | undefined =>
	state.servers.find((x) => x.identifier === id || x.uuid === id);

export const clientRoutes: Route[] = [
	[
		'GET',
		/^\/?$/,
		({ state, query }) => {
			// The key's own servers (the seeded root admin's; customers own the rest), paged.
			const own = state.servers.filter((s) => s.user === ROOT_ADMIN_ID);
			const page = Number(query.get('page') ?? 1);
			const perPage = Number(query.get('per_page') ?? 50);
			const rows = own.map((s) => ({
				server_owner: true,
				identifier: s.identifier,
				internal_id: s.id,
				uuid: s.uuid,
				name: s.name,
				node: state.nodes.find((n) => n.id === s.node)?.fqdn ?? '',
				is_suspended: s.status === 'suspended',
				is_installing: s.status === 'installing',
			}));
			return ok(list('server', rows, page, perPage));
		},
	],
	[
		'POST',
		/^\/servers\/([^/]+)\/power$/,
		({ state, params, body }) => {
			const s = clientServer(state, params[0]!);
			if (!s) return notFound();
			state.settle(s);
			if (blocked(s)) return conflict();
			const v = new Validator(body).check('signal', 'required|string');
			const signal = (body as { signal?: unknown } | undefined)?.signal;
			if (typeof signal === 'string' && !['start', 'stop', 'restart', 'kill'].includes(signal))
				v.fail('signal', 'in', 'The selected signal is invalid.');
			const invalid = v.answer();
			if (invalid) return invalid;
			state.signal(s, signal as string);
			return noContent();
		},
	],
	[
		'GET',
		/^\/servers\/([^/]+)\/resources$/,
		({ state, params }) => {
			const s = clientServer(state, params[0]!);
			if (!s) return notFound();
			state.settle(s);
			if (blocked(s) && s.status !== 'suspended') return conflict();
			const up = s.power.state !== 'offline';
			return ok({
				object: 'stats',
				attributes: {
					current_state: s.power.state,
					is_suspended: s.status === 'suspended',
					resources: {
						memory_bytes: up ? 512 * 1024 * 1024 : 0,
						cpu_absolute: up ? 33.3 : 0,
						disk_bytes: 123_456_789,
						network_rx_bytes: 0,
						network_tx_bytes: 0,
						uptime: s.power.state === 'running' ? state.now() - s.startedAt : 0,
					},
				},
			});
		},
	],
];

/**
 * Server::validateCurrentState: suspended, not installed (installing, install_failed) or restoring
 * answer 409. A failed reinstall (`reinstall_failed`) passes: the server was installed once.
 */
export const blocked = (s: FakeServer) => s.status !== null && s.status !== 'reinstall_failed';

/** A client route's server when the panel's state gate lets it through, else its answer. */
export function usableServer(state: FakePanelState, id: string): FakeServer | Answer {
	const s = clientServer(state, id);
	if (!s) return notFound();
	state.settle(s);
	return blocked(s) ? conflict() : s;
}

/** A server's own `status` is a string or null; an answer's is a number. */
export const refused = (found: FakeServer | Answer): found is Answer =>
	typeof found.status === 'number';
