/** Where scripts/e2e-server.ts leaves its in-memory stack's URL and keys for fixtures and commands. */
export const e2eBackendFile = 'node_modules/.cache/frostnode-e2e/backend.json';
