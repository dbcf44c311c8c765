/**
 * Where scripts/e2e-server.ts leaves its in-memory stack's URL and keys for fixtures and commands.
 * E2E_BACKEND_FILE moves it, so a second e2e server (postgres-shop.ts) leaves the first one's alone.
 */
export const e2eBackendFile =
	process.env.E2E_BACKEND_FILE || 'node_modules/.cache/frostnode-e2e/backend.json';
