import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestStack } from './helpers.ts';
import { enrollTotp } from './mfa-helpers.ts';

// A data folder bootstrapped before the stack had the MFA tables, or the OAuth context of flow
// states, gains them when it is next opened, so a developer's existing local database serves
// /factors and Google sign-in without being thrown away.

const MFA_MIGRATIONS = fileURLToPath(new URL('./fixtures/mfa-migrations', import.meta.url));

let workDir: string;

beforeAll(async () => {
	workDir = await mkdtemp(join(tmpdir(), 'local-stack-mfa-'));
});
afterAll(async () => {
	await rm(workDir, { recursive: true, force: true });
});

describe('an older data folder', () => {
	it('gets auth.mfa_factors and auth.mfa_challenges on the next start', async () => {
		const options = { dataDir: join(workDir, 'data'), migrationsDir: MFA_MIGRATIONS };
		const before = await startTestStack(options);
		try {
			// The migration's function depends on auth.mfa_factors; what an old folder lacks goes with it.
			await before.sql((db) =>
				db.exec(`drop table auth.mfa_challenges, auth.mfa_factors cascade;
					drop type auth.factor_type, auth.factor_status;`),
			);
			const { rows } = await before.sql((db) =>
				db.query<{ present: boolean }>(
					`select to_regclass('auth.mfa_factors') is not null as present`,
				),
			);
			expect(rows).toEqual([{ present: false }]);
		} finally {
			await before.stop();
		}

		const after = await startTestStack(options);
		try {
			const { client } = await signedInUser(after);
			const factor = await enrollTotp(client, 'After the upgrade');
			const { data } = await client.auth.mfa.listFactors();
			expect(data?.all.map((listed) => listed.id)).toEqual([factor.id]);
		} finally {
			await after.stop();
		}
	});

	it('gets the OAuth context of auth.flow_state on the next start (GoTrue 20260115000000)', async () => {
		const options = {
			dataDir: join(workDir, 'flow-state'),
			migrationsDir: MFA_MIGRATIONS,
			externalGoogle: true,
		};
		const before = await startTestStack(options);
		try {
			await before.sql((db) =>
				db.exec(`alter table auth.flow_state drop column referrer, drop column invite_token,
					drop column oauth_client_state_id, drop column linking_target_id, drop column email_optional;
					alter table auth.flow_state alter column code_challenge set not null,
					alter column code_challenge_method set not null, alter column auth_code set not null;`),
			);
		} finally {
			await before.stop();
		}

		const after = await startTestStack(options);
		try {
			// An implicit sign-in: its flow state has no PKCE challenge, and keeps the redirect.
			const redirectTo = 'http://localhost:4321/auth/callback';
			const response = await fetch(
				`${after.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`,
				{ redirect: 'manual' },
			);
			expect(response.status).toBe(302);
			const state = new URL(response.headers.get('location') ?? '').searchParams.get('state');
			const { rows } = await after.sql((db) =>
				db.query<{ referrer: string; code_challenge: string | null }>(
					'select referrer, code_challenge from auth.flow_state where id = $1',
					[state],
				),
			);
			expect(rows).toEqual([{ referrer: redirectTo, code_challenge: null }]);
		} finally {
			await after.stop();
		}
	});
});
