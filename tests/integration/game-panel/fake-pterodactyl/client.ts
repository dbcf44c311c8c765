import { type Route, noContent, ok } from './routes';
import type { FakePanelState, FakeServer } from './state';
import { Validator, notFound, panelError } from './validation';

// /api/client/servers/{identifier or uuid}/*: power and resources (schedules: schedules.ts). Power
// is refused (409) while the server is suspended or installing; resources are still answered while
// suspended.

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
		'POST',
		/^\/servers\/([^/]+)\/power$/,
		({ state, params, body }) => {
			const s = clientServer(state, params[0]!);
			if (!s) return notFound();
			state.settle(s);
			if (s.status) return conflict();
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
			if (s.status && s.status !== 'suspended') return conflict();
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
