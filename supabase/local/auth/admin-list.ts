import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { identitiesOf } from './identities.ts';
import { userJson } from './user-json.ts';
import { findUserById } from './users.ts';

// GET /admin/users?page=&per_page=: a page of users, newest first, with GoTrue's X-Total-Count and
// Link headers (auth-js reads the page number as the first character after `page=`).

export async function listUsers(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const page = Math.max(1, Number.parseInt(request.url.searchParams.get('page') || '1', 10) || 1);
	const perPage = Math.max(
		1,
		Number.parseInt(request.url.searchParams.get('per_page') || '50', 10) || 50,
	);
	return authTransaction(ctx, async (tx) => {
		const total = Number(
			(await tx.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n ?? 0,
		);
		const { rows } = await tx.query<{ id: string }>(
			'select id from auth.users order by created_at desc, id limit $1 offset $2',
			[perPage, (page - 1) * perPage],
		);
		const users = [];
		for (const { id } of rows) {
			const user = await findUserById(tx, id);
			if (user) users.push(userJson(user, await identitiesOf(tx, id)));
		}
		// auth-js reads the page number as the first character after `page=`, so `page` comes first.
		const lastPage = Math.max(1, Math.ceil(total / perPage));
		const link = (n: number, rel: string) =>
			`</admin/users?page=${n}&per_page=${perPage}>; rel="${rel}"`;
		const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')];
		return json(
			200,
			{ users, aud: 'authenticated' },
			{ 'X-Total-Count': String(total), Link: links.join(', ') },
		);
	});
}
