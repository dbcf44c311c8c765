import { type Context, type Route, ok } from './routes';
import type { FakeUser } from './state';
import { list, user } from './transform';
import { Validator, notFound } from './validation';

// Users: found by (partial) e-mail filter or external id, created, updated with the full object.

const USERNAME = /^[a-z0-9]([a-z0-9_.-]*[a-z0-9])?$/;

function validateUser({ state, body }: Context, self?: FakeUser) {
	const v = new Validator(body)
		.check('email', 'required|string|max:191')
		.check('username', 'required|string|min:1|max:191')
		.check('first_name', 'required|string|min:1|max:191')
		.check('last_name', 'required|string|min:1|max:191')
		.check('external_id', 'sometimes|nullable|string|max:191')
		.check('password', 'sometimes|nullable|string');
	const b = body as Partial<FakeUser>;
	const others = state.users.filter((u) => u !== self);
	if (b.email && others.some((u) => u.email.toLowerCase() === b.email!.toLowerCase()))
		v.fail('email', 'unique', 'The email has already been taken.');
	if (typeof b.username === 'string' && !USERNAME.test(b.username))
		v.fail('username', 'regex', 'The username format is invalid.');
	if (b.username && others.some((u) => u.username === b.username))
		v.fail('username', 'unique', 'The username has already been taken.');
	if (b.external_id && others.some((u) => u.external_id === b.external_id))
		v.fail('external_id', 'unique', 'The external id has already been taken.');
	return v.answer();
}

export const accountRoutes: Route[] = [
	[
		'GET',
		/^\/users$/,
		({ state, query }) => {
			// spatie's default filter is a partial (LIKE) match, so other addresses come back too.
			const email = (query.get('filter[email]') ?? '').toLowerCase();
			const found = state.users.filter((u) => u.email.toLowerCase().includes(email));
			return ok(
				list(
					'user',
					found.map((u) => user(u).attributes),
				),
			);
		},
	],
	[
		'GET',
		/^\/users\/external\/([^/]+)$/,
		({ state, params }) => {
			const u = state.users.find((x) => x.external_id === decodeURIComponent(params[0]!));
			return u ? ok(user(u)) : notFound();
		},
	],
	[
		'GET',
		/^\/users\/(\d+)$/,
		({ state, params }) => {
			const u = state.users.find((x) => String(x.id) === params[0]);
			return u ? ok(user(u)) : notFound();
		},
	],
	[
		'POST',
		/^\/users$/,
		(ctx) => {
			const invalid = validateUser(ctx);
			if (invalid) return invalid;
			const b = ctx.body as FakeUser;
			const created: FakeUser = {
				id: ctx.state.id(),
				external_id: b.external_id ?? null,
				username: b.username,
				email: b.email,
				first_name: b.first_name,
				last_name: b.last_name,
				language: 'en',
				root_admin: false,
				password: b.password ?? null,
			};
			ctx.state.users.push(created);
			return ok(user(created), 201);
		},
	],
	[
		'PATCH',
		/^\/users\/(\d+)$/,
		(ctx) => {
			const u = ctx.state.users.find((x) => String(x.id) === ctx.params[0]);
			if (!u) return notFound();
			const invalid = validateUser(ctx, u);
			if (invalid) return invalid;
			const { password, ...rest } = ctx.body as FakeUser;
			// An empty password leaves it as it was.
			Object.assign(u, rest, password ? { password } : {});
			return ok(user(u));
		},
	],
];
