// The suites that also run on PostgreSQL (the integration-postgres project): the local stack's
// contract, the data model, and every suite that exists to prove a race or a lock. On PGlite they
// show the rules; here two transactions really run at once.
export const POSTGRES_SUITES = [
	'tests/integration/local-stack/**/*.test.ts',
	'tests/integration/data-model/**/*.test.ts',
	'tests/integration/postgres/**/*.test.ts',
	'tests/integration/checkout/**/*.test.ts',
	'tests/integration/payments/**/*.test.ts',
	'tests/integration/billing/**/*.test.ts',
	'tests/integration/two-servers/**/*.test.ts',
	'tests/integration/staff/money.test.ts',
	'tests/integration/staff/payouts.test.ts',
	'tests/integration/staff/four-eyes.test.ts',
	'tests/integration/affiliate/programme.test.ts',
	'tests/integration/cancellation/cancel.test.ts',
	'tests/integration/payment-methods/remove.test.ts',
	'tests/integration/mfa/factor-verify-limits.test.ts',
	'tests/integration/invoices/**/*.test.ts',
];
