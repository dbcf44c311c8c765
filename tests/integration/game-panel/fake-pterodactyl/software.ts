import { type Route, noContent, ok } from './routes';
import type { FakePanelState, FakeServer } from './state';
import { server as item } from './transform';
import { Validator, notFound, panelError } from './validation';

// PATCH /api/application/servers/{id}/startup and POST …/reinstall, as the panel answers them.
// Startup: UpdateServerStartupRequest's rules, then (with a non-empty environment) every variable
// of the new egg validated with its own rules at admin level, a missing one read as null and then
// stored as ''; the egg, image, startup and skip_scripts replaced. Reinstall: the status set to
// `installing` whatever it was (a suspension is lost, as on the panel: callers must check first),
// Wings stopping the server; 409 from Wings while a power action runs; a reinstall while one runs
// is dropped by Wings (its install lock) and the first carries on.

const find = (state: FakePanelState, id: string): FakeServer | undefined =>
	state.servers.find((s) => String(s.id) === id);

interface StartupBody {
	startup: string;
	environment: Record<string, unknown>;
	egg: number;
	image: string;
	skip_scripts: boolean | 0 | 1 | '0' | '1';
}

export const softwareRoutes: Route[] = [
	[
		'PATCH',
		/^\/servers\/(\d+)\/startup$/,
		({ state, params, query, body }) => {
			const s = find(state, params[0]!);
			if (!s) return notFound();
			const v = new Validator(body)
				.check('startup', 'required|string')
				.check('environment', 'present|array')
				.check('egg', 'required|integer')
				.check('image', 'required|string|max:191|regex:/^~?[\\w\\.\\/\\-:@ ]*$/')
				.check('skip_scripts', 'present|boolean');
			const b = body as StartupBody;
			const egg = state.eggs.find((e) => e.id === b.egg);
			if (Number.isInteger(b.egg) && !egg) v.fail('egg', 'exists', 'The selected egg is invalid.');
			const environment = typeof b.environment === 'object' && b.environment ? b.environment : {};
			const variables = Object.keys(environment).length ? (egg?.variables ?? []) : [];
			const values = Object.fromEntries(
				variables.map((x) => [x.env_variable, environment[x.env_variable] ?? null]),
			);
			const each = new Validator({ environment: values });
			for (const x of variables) each.check(`environment.${x.env_variable}`, x.rules);
			v.issues.push(...each.issues);
			const invalid = v.answer();
			if (invalid) return invalid;
			if (variables.length)
				s.environment = Object.fromEntries(
					Object.entries(values).map(([key, value]) => [key, value ?? '']),
				);
			s.egg = egg!.id;
			s.startup = b.startup;
			s.docker_image = b.image;
			s.skip_scripts = [true, 1, '1'].includes(b.skip_scripts);
			return ok(item(state, s, query.get('include')));
		},
	],
	[
		'POST',
		/^\/servers\/(\d+)\/reinstall$/,
		({ state, params }) => {
			const s = find(state, params[0]!);
			if (!s) return notFound();
			state.settle(s);
			if (s.power.queue.length)
				return panelError(
					409,
					'DaemonConnectionException',
					'An error occurred on the remote host: Cannot execute server reinstall event while another power action is running.',
				);
			if (s.status === 'installing') return noContent();
			s.status = 'installing';
			s.reinstalling = true;
			s.installedAt = state.now() + state.delayMs;
			s.power = { state: 'offline', queue: [] };
			state.onPower(s);
			return noContent();
		},
	],
];
