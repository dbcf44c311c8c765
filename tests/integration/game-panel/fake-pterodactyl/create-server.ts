import { type Context, type Route, ok } from './routes';
import { installedNode } from './node';
import { deploy } from './nodes';
import type { FakeAllocation } from './state';
import { server as item } from './transform';
import { Validator, lookup } from './validation';

// POST /api/application/servers with StoreServerRequest's rules, the egg's variable rules, and
// deploy's placement (nodes.ts: a node with room in the locations, then a free port in the
// ranges; 400 if none).

interface CreateBody {
	external_id?: string;
	name: string;
	user: number;
	egg: number;
	docker_image: string;
	startup: string;
	environment: Record<string, unknown>;
	limits: Record<string, number | string | null>;
	feature_limits: Record<string, number | null>;
	deploy?: { locations: number[]; port_range: string[] };
	allocation?: { default: number };
}

function validate({ state, body }: Context) {
	const v = new Validator(body)
		.check('external_id', 'nullable|string|min:1|max:191')
		.check('name', 'required|string|min:1|max:191')
		.check('user', 'required|integer')
		.check('egg', 'required|integer')
		.check('docker_image', 'required|string|max:191')
		.check('startup', 'required|string')
		.check('environment', 'present|array')
		.check('limits.memory', 'required|integer|min:0')
		.check('limits.swap', 'required|integer|min:-1')
		.check('limits.disk', 'required|integer|min:0')
		.check('limits.io', 'required|integer|between:10,1000')
		.check('limits.cpu', 'required|integer|min:0')
		.check('feature_limits.databases', 'present|nullable|integer|min:0')
		.check('feature_limits.backups', 'present|nullable|integer|min:0');
	const deploying = lookup(body, 'deploy').present;
	if (deploying) {
		v.check('deploy.locations', 'present|array')
			.check('deploy.dedicated_ip', 'required|boolean')
			.check('deploy.port_range', 'present|array');
		// `deploy.locations.*` and `deploy.port_range.*`, each item by its index.
		const items = (field: string, rules: string) => {
			const sent = lookup(body, field).value;
			if (Array.isArray(sent)) sent.forEach((_, i) => v.check(`${field}.${i}`, rules));
		};
		items('deploy.locations', 'integer|min:1');
		items('deploy.port_range', 'string');
	} else v.check('allocation.default', 'required|integer');
	const b = body as Partial<CreateBody>;
	const external = lookup(body, 'external_id').value;
	if (external && state.servers.some((s) => s.external_id === external))
		v.fail('external_id', 'unique', 'The external id has already been taken.');
	if (Number.isInteger(b.user) && !state.users.some((u) => u.id === b.user))
		v.fail('user', 'exists', 'The selected user is invalid.');
	const egg = state.eggs.find((e) => e.id === b.egg);
	if (Number.isInteger(b.egg) && !egg) v.fail('egg', 'exists', 'The selected egg is invalid.');
	for (const variable of egg?.variables ?? [])
		v.check(`environment.${variable.env_variable}`, variable.rules);
	const chosen = lookup(body, 'allocation.default').value;
	if (
		!deploying &&
		Number.isInteger(chosen) &&
		!state.allocations.some((a) => a.id === chosen && a.server === null)
	)
		v.fail('allocation.default', 'exists', 'The selected allocation.default is invalid.');
	return v.answer();
}

export const createServerRoute: Route = [
	'POST',
	/^\/servers$/,
	(ctx) => {
		const invalid = validate(ctx);
		if (invalid) return invalid;
		const { state } = ctx;
		const b = ctx.body as CreateBody;
		let primary: FakeAllocation | undefined;
		if (b.deploy) {
			const { locations, port_range } = b.deploy;
			const limits = { memory: Number(b.limits.memory), disk: Number(b.limits.disk) };
			const placed = deploy(state, limits, locations, port_range);
			if ('status' in placed) return placed;
			primary = placed;
		} else primary = state.allocations.find((a) => a.id === b.allocation?.default);
		const id = state.id();
		primary!.server = id;
		const now = state.now();
		state.servers.push({
			id,
			...state.uuid(),
			external_id: b.external_id ?? null,
			name: b.name,
			user: b.user,
			node: primary!.node,
			egg: b.egg,
			allocation: primary!.id,
			status: 'installing',
			installedAt: now + state.delayMs,
			limits: {
				...(b.limits as object),
				threads: lookup(b, 'limits.threads').value ?? null,
			} as never,
			feature_limits: { allocations: 0, ...b.feature_limits },
			docker_image: b.docker_image,
			startup: b.startup,
			environment: b.environment,
			skip_scripts: false,
			reinstalling: false,
			power: { state: 'offline', queue: [] },
			startedAt: now,
			schedules: [],
			wings: installedNode(b.egg, now),
		});
		return ok(item(state, state.servers.at(-1)!, null), 201);
	},
];
