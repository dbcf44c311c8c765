import { isObject } from '../keys/jwt.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { AuthError, forbidden } from './errors.ts';

// GoTrue's "MFA verification attempt" hook, for Postgres functions (hookspgfunc): configured as
// `[auth.hook.mfa_verification_attempt] enabled = true, uri = "pg-functions://postgres/<schema>/<fn>"`,
// called as `select <schema>.<fn>(<event>)` in a transaction of its own as supabase_auth_admin (so
// what it writes stays though the verify then fails), after the challenge checks and before the code's
// outcome is acted on. Its answer: an `error` object becomes the response (its http_code, else 500,
// and its message); `decision: "reject"` signs the user out everywhere and answers 403
// mfa_verification_rejected; anything else lets the verify go on.
//
// Beyond GoTrue, and ignored by it: the event also carries `time_step`, the 30-second step a right
// code matched, so the hook can refuse a step already used; and an error may name its `error_code`
// and `retry_after_seconds`, answered here as that code and a Retry-After header (GoTrue says `unknown`).

const PG_FUNCTION = /^pg-functions:\/\/[^/]+\/([A-Za-z_][A-Za-z0-9_]*)\/([A-Za-z_][A-Za-z0-9_]*)$/;
const DEFAULT_REJECTION = 'Further MFA verification attempts will be rejected.';

/** The quoted function name of a hook URI; the start fails on anything GoTrue would not run. */
export function hookFunctionOf(uri: string): string {
	const match = PG_FUNCTION.exec(uri.trim());
	if (!match)
		throw new Error(
			`MFA verification attempt hook: only pg-functions://<database>/<schema>/<function> hooks are supported, not "${uri}"`,
		);
	return `"${match[1]}"."${match[2]}"`;
}

export interface MfaAttempt {
	userId: string;
	factorId: string;
	valid: boolean;
	/** The step a right code matched; null for a wrong one. */
	timeStep: number | null;
}

const unmarshalFailed = () =>
	new AuthError(500, 'unexpected_failure', 'Error unmarshaling JSON output.');

function text(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value !== 'string') throw unmarshalFailed();
	return value;
}

function whole(value: unknown): number | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isInteger(value)) throw unmarshalFailed();
	return value;
}

function hookError(raw: unknown): AuthError | undefined {
	if (raw === undefined || raw === null) return undefined;
	if (!isObject(raw)) throw unmarshalFailed();
	const message = text(raw.message);
	// hookserrors: an error object without a message is no error.
	if (message === '') return undefined;
	const status = whole(raw.http_code) || 500;
	const code = text(raw.error_code) || (status === 500 ? 'unexpected_failure' : 'unknown');
	const retryAfter = whole(raw.retry_after_seconds);
	const headers: Record<string, string> =
		retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) };
	return new AuthError(status, code, message, {}, headers);
}

/** Runs the configured hook for one verify attempt; throws its refusal, returns when it lets it on. */
export async function runMfaVerificationHook(ctx: AuthContext, attempt: MfaAttempt): Promise<void> {
	const hook = ctx.settings.mfaVerificationAttemptHook;
	if (!hook) return;
	const event = {
		user_id: attempt.userId,
		factor_id: attempt.factorId,
		factor_type: 'totp',
		valid: attempt.valid,
		...(attempt.timeStep === null ? {} : { time_step: attempt.timeStep }),
	};
	let output: unknown;
	try {
		const { rows } = await authTransaction(ctx, (tx) =>
			tx.query<{ output: unknown }>(`select ${hook}($1::jsonb) as output`, [JSON.stringify(event)]),
		);
		output = rows[0]?.output;
	} catch (error) {
		console.error('[local-stack] MFA verification attempt hook failed:', error);
		throw new AuthError(500, 'unexpected_failure', `Error running hook URI: ${hook}`);
	}
	if (output === null || output === undefined) return;
	if (!isObject(output)) throw unmarshalFailed();
	const refused = hookError(output.error);
	if (refused) throw refused;
	if (text(output.decision) !== 'reject') return;
	await authTransaction(ctx, (tx) =>
		tx.query('delete from auth.sessions where user_id = $1', [attempt.userId]),
	);
	throw forbidden('mfa_verification_rejected', text(output.message) || DEFAULT_REJECTION);
}
