/** The e2e site's test-gateway secret (set by scripts/e2e-server.ts), so tests can sign webhooks. */
export const testGatewaySecret = 'e2e-test-gateway-secret-0123456789abcdef';
