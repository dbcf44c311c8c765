import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, api, clientFor, startTestStack, uniqueEmail } from './helpers.ts';

// Admin-created users' metadata, the admin list's page numbers and POST /verify's parameter checks,
// each as GoTrue's handlers decide them (internal/api/admin.go, pagination.go, verify.go).

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({ autoConfirm: true });
});
afterAll(async () => {
	await stack?.stop();
});

const admin = () => clientFor(stack, stack.serviceRoleKey).auth.admin;
const V2024 = { 'X-Supabase-Api-Version': '2024-01-01' };

describe('admin-created users', () => {
	it('keep the metadata they were given; confirming adds only email_verified', async () => {
		const email = uniqueEmail('admin');
		const { data, error } = await admin().createUser({
			email,
			password: PASSWORD,
			email_confirm: true,
			user_metadata: { full_name: 'Kim', email_verified: false },
		});
		expect(error).toBeNull();
		// admin.go adminUserCreate: models.NewUser with params.UserMetaData, then User.Confirm merges
		// {email_verified: true}; the identity's claims are not copied (no RemoveUnconfirmedIdentities).
		expect(data.user?.user_metadata).toEqual({ full_name: 'Kim', email_verified: true });
		// admin.go: createNewIdentity with provider.Claims{Subject, Email}; structs.Map keeps the bools.
		expect(data.user?.identities?.[0]?.identity_data).toEqual({
			sub: data.user?.id,
			email,
			email_verified: false,
			phone_verified: false,
		});
		const signedIn = await clientFor(stack).auth.signInWithPassword({ email, password: PASSWORD });
		expect(signedIn.data.user?.user_metadata).toEqual({ full_name: 'Kim', email_verified: true });
	});

	it('without confirmation or metadata have empty user_metadata', async () => {
		const { data } = await admin().createUser({ email: uniqueEmail('bare') });
		// models.NewUser: a nil UserMetaData becomes an empty map.
		expect(data.user?.user_metadata).toEqual({});
	});

	it('differ from sign-ups, whose user_metadata starts as the identity claims', async () => {
		const email = uniqueEmail('signup');
		const { data } = await clientFor(stack).auth.signUp({
			email,
			password: PASSWORD,
			options: { data: { full_name: 'Ada' } },
		});
		// signup.go: identity data = claims plus data keys; RemoveUnconfirmedIdentities copies it.
		expect(data.user?.user_metadata).toEqual({
			sub: data.user?.id,
			email,
			email_verified: true,
			phone_verified: false,
			full_name: 'Ada',
		});
	});
});

describe('listUsers page numbers', () => {
	it('refuses what strconv.ParseUint refuses, with GoTrue’s message', async () => {
		for (const [params, raw] of [
			[{ page: -1 }, '-1'],
			[{ page: 1.5 }, '1.5'],
			[{ page: Number.NaN }, 'NaN'],
			[{ perPage: -5 }, '-5'],
		] as const) {
			const { data, error } = await admin().listUsers(params);
			// pagination.go paginate → admin.go "Bad Pagination Parameters: %v", 400 validation_failed.
			expect([error?.status, error?.code, error?.message]).toEqual([
				400,
				'validation_failed',
				`Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`,
			]);
			expect(data.users).toEqual([]);
		}
		const huge = await api(stack, '/auth/v1/admin/users?page=18446744073709551616', {
			key: stack.serviceRoleKey,
			headers: V2024,
		});
		expect([huge.status, await huge.json()]).toEqual([
			400,
			{
				code: 'validation_failed',
				message:
					'Bad Pagination Parameters: strconv.ParseUint: parsing "18446744073709551616": value out of range',
			},
		]);
	});

	it('reads page 0 as the first page, and fails per_page 0 as the division by it does', async () => {
		await admin().createUser({ email: uniqueEmail('listed') });
		// pop's NewPaginator turns a page below 1 into 1.
		const first = await admin().listUsers({ page: 0, perPage: 1 });
		expect([first.error, first.data.users.length]).toEqual([null, 1]);
		// pagination.go calculateTotalPages divides by per_page: 0 panics; the recoverer answers 500.
		const zero = await api(stack, '/auth/v1/admin/users?per_page=0', {
			key: stack.serviceRoleKey,
			headers: V2024,
		});
		expect([zero.status, await zero.json()]).toEqual([
			500,
			{ code: 'unexpected_failure', message: 'Internal Server Error' },
		]);
	});
});

describe('POST /verify parameters', () => {
	const verify = async (body: Record<string, unknown>): Promise<[number, unknown]> => {
		const response = await api(stack, '/auth/v1/verify', {
			method: 'POST',
			headers: V2024,
			body: JSON.stringify(body),
		});
		return [response.status, await response.json()];
	};
	const refusal = (message: string, status = 400) => [
		status,
		{ code: status === 403 ? 'otp_expired' : 'validation_failed', message },
	];

	it('answers verifyOtp({}) as GoTrue does', async () => {
		const { error } = await clientFor(stack).auth.verifyOtp({} as never);
		// verify.go VerifyParams.Validate: the type is checked first.
		expect([error?.status, error?.code, error?.message]).toEqual([
			400,
			'validation_failed',
			'Verify requires a verification type',
		]);
	});

	it('checks token, token_hash and the address in Validate’s order', async () => {
		const email = uniqueEmail('verify');
		// verify.go VerifyParams.Validate, POST branch, one case per line.
		expect(await verify({ type: 'email' })).toEqual(
			refusal('Verify requires either a token or a token hash'),
		);
		expect(await verify({ type: 'email', token: '123456', token_hash: 'abc' })).toEqual(
			refusal('Verify requires either a token or a token hash'),
		);
		expect(await verify({ type: 'email', token: '123456' })).toEqual(
			refusal('Only an email address or phone number should be provided on verify'),
		);
		expect(await verify({ type: 'email', token: '1', email, phone: '4712345678' })).toEqual(
			refusal('Only an email address or phone number should be provided on verify'),
		);
		expect(await verify({ type: 'email', token: '123456', email: 'not-an-address' })).toEqual(
			refusal('Invalid email format', 422),
		);
		expect(await verify({ type: 'sms', token: '123456', phone: 'abc' })).toEqual(
			refusal('Invalid phone number format (E.164 required)'),
		);
		expect(await verify({ type: 'signup', token_hash: 'abc', email })).toEqual(
			refusal('Only the token_hash and type should be provided'),
		);
		expect(await verify({ type: 'signup', token_hash: 'abc', redirect_to: 'x' })).toEqual(
			refusal('Only the token_hash and type should be provided'),
		);
		// verify.go verifyTokenHash: only e-mail types have link tokens.
		expect(await verify({ type: 'sms', token_hash: 'abc' })).toEqual(
			refusal('Invalid email verification type'),
		);
		// verifyUserAndToken: nobody has this phone, and an unknown type matches no code.
		expect(await verify({ type: 'sms', token: '123456', phone: '4712345678' })).toEqual(
			refusal('Token has expired or is invalid', 403),
		);
		expect(await verify({ type: 'bogus', token: '123456', email })).toEqual(
			refusal('Token has expired or is invalid', 403),
		);
	});

	it('answers a link without type or token with JSON, not a redirect', async () => {
		// verify.go Verify: GET runs Validate before verifyGet, whose errors alone are redirected.
		const noType = await api(stack, '/auth/v1/verify?token=abc', { headers: V2024 });
		expect([noType.status, await noType.json()]).toEqual(
			refusal('Verify requires a verification type'),
		);
		const noToken = await api(stack, '/auth/v1/verify?type=signup', { headers: V2024 });
		expect([noToken.status, await noToken.json()]).toEqual(
			refusal('Verify requires a token or a token hash'),
		);
	});
});
