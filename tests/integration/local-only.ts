// When the integration tests run against another Supabase (SUPABASE_TEST_URL, see target.ts), the
// suites for the schema it holds run, except these, which need what only the embedded stack offers.
// Each entry says why; target.ts refuses a suite that asks for such things and is not listed here.

export const SUITES_FOR_SCHEMA = {
	contract: ['tests/integration/local-stack/**/*.test.ts'],
	product: ['tests/integration/data-model/**/*.test.ts'],
} as const;

export const LOCAL_ONLY: Record<string, string> = {
	'tests/integration/local-stack/stack-lifecycle.test.ts':
		'starts, kills and restarts the embedded stack on a data folder',
	'tests/integration/local-stack/auth-contract-key-restart.test.ts':
		'restarts the embedded stack on a data folder',
	'tests/integration/local-stack/auth-contract-admin.test.ts':
		'turns on auto-confirmation to see a sign-up’s metadata at once',
	'tests/integration/local-stack/auth-load.test.ts': 'loads its own seed of bcrypt users',
	'tests/integration/local-stack/auth-refresh-reuse.test.ts':
		'sets the refresh-token reuse interval to seconds',
	'tests/integration/local-stack/auth-session.test.ts':
		'sets the reuse and mail intervals, and reads the embedded mailbox',
	'tests/integration/local-stack/auth-signup.test.ts':
		'sets the mail interval and auto-confirmation, and reads the embedded mailbox',
	'tests/integration/local-stack/auth-admin-pkce.test.ts':
		'sets the mail interval and failed-login limits, and reads the embedded mailbox',
	'tests/integration/local-stack/auth-sign-in-limit.test.ts': 'lowers the sign-in rate limits',
	'tests/integration/local-stack/auth-forwarded-for.test.ts': 'lowers the sign-in rate limits',
	'tests/integration/local-stack/json-depth.test.ts': 'turns on auto-confirmation',
	'tests/integration/local-stack/auth-oauth-google.test.ts':
		'signs in through the embedded stack’s stand-in for Google’s pages',
	'tests/integration/local-stack/auth-mfa-upgrade.test.ts':
		'opens an embedded stack on a data folder from before the MFA tables',
	'tests/integration/local-stack/auth-mfa-local.test.ts':
		'ages MFA challenges in the database, lowers the MFA limits and adds a migration of its own',
	'tests/integration/local-stack/auth-mfa-hook.test.ts':
		'adds a hook function of its own and points the MFA verification attempt hook at it',
	'tests/integration/local-stack/rest-write.test.ts': 'lowers the request body limit',
	'tests/integration/data-model/policy-mutation.test.ts': 'adds a migration of its own',
	'tests/integration/data-model/database-types.test.ts':
		'generates types from the migrations on an embedded stack',
};
