import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { AuthError, badRequest } from './errors.ts';
import { findUserById } from './users.ts';
import { userView } from './user-view.ts';

// GET /admin/users?page=&per_page=: a page of users, newest first, with GoTrue's X-Total-Count and
// Link headers. The numbers are read as internal/api/pagination.go reads them (strconv.ParseUint;
// an empty value keeps the default) and then used as pop's paginator uses them, oddities included.

const MAX_INT64 = 2n ** 63n - 1n;
const MAX_UINT64 = 2n ** 64n - 1n;

/** Go's strconv.Quote for the error text: JSON's quoting, with Go's escapes for control bytes. */
function goQuote(value: string): string {
	const named: Record<string, string> = { '\u0007': '\\a', '\u000b': '\\v' };
	return JSON.stringify(value).replace(/\\u00([0-7][0-9a-f])|\u007f/g, (match, hex: string) => {
		const char = String.fromCharCode(Number.parseInt(hex ?? '7f', 16));
		return named[char] ?? `\\x${hex ?? '7f'}`;
	});
}

function parseUint(raw: string | null, fallback: bigint): bigint {
	if (raw === null || raw === '') return fallback;
	const failure = (reason: string) =>
		badRequest(
			'validation_failed',
			`Bad Pagination Parameters: strconv.ParseUint: parsing ${goQuote(raw)}: ${reason}`,
		);
	if (!/^[0-9]+$/.test(raw)) throw failure('invalid syntax');
	const value = BigInt(raw);
	if (value > MAX_UINT64) throw failure('value out of range');
	return value;
}

/** pop.NewPaginator after Go's int(uint64): below 1 (or wrapped negative) becomes its default. */
function asPopInt(value: bigint, fallback: bigint): bigint {
	return value < 1n || value > MAX_INT64 ? fallback : value;
}

export async function listUsers(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const query = request.url.searchParams;
	const page = parseUint(query.get('page'), 1n);
	const perPage = parseUint(query.get('per_page'), 50n);
	const limit = asPopInt(perPage, 20n);
	const offset = BigInt.asIntN(64, (asPopInt(page, 1n) - 1n) * limit);
	return authTransaction(ctx, async (tx) => {
		if (offset < 0n) throw new AuthError(500, 'unexpected_failure', 'Database error finding users');
		const total = Number(
			(await tx.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n ?? 0,
		);
		const { rows } = await tx.query<{ id: string }>(
			'select id from auth.users order by created_at desc, id limit $1::bigint offset $2::bigint',
			[String(limit), String(offset)],
		);
		const users = [];
		for (const { id } of rows) {
			const user = await findUserById(tx, id);
			if (user) users.push(await userView(tx, user));
		}
		// addPaginationHeaders divides by the per_page as given: 0 panics, and the recoverer answers.
		if (perPage === 0n) throw new AuthError(500, 'unexpected_failure', 'Internal Server Error');
		const count = BigInt(total);
		const lastPage = count / perPage + (count % perPage > 0n ? 1n : 0n);
		// The links keep the request's own query (sorted, as url.Values encodes it) with page replaced.
		const link = (n: bigint, rel: string) => {
			const params = new URLSearchParams(query);
			params.set('page', String(n));
			params.sort();
			return `</admin/users?${params.toString()}>; rel="${rel}"`;
		};
		const links = [...(lastPage > page ? [link(page + 1n, 'next')] : []), link(lastPage, 'last')];
		return json(
			200,
			{ users, aud: 'authenticated' },
			{ 'X-Total-Count': String(total), Link: links.join(', ') },
		);
	});
}
