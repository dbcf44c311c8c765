/** The e2e site's test-gateway secret (set by scripts/e2e-server.ts), so tests can sign webhooks. */
export const testGatewaySecret = 'e2e-test-gateway-secret-0123456789abcdef';

/** The e2e site's CRON_SECRET, so a test can start a billing run the way an operator's cron does. */
export const cronSecret = 'e2e-cron-secret-0123456789abcdef0123456789';
