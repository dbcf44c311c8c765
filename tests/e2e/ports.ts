/**
 * Where the browser tests' server and its local stack listen. Not the defaults 4321/54321/54324/54325:
 * `npm start` may be running beside the browser tests. E2E_PORT moves the site and E2E_PORT_BASE the
 * stack, so two checkouts can run their browser tests side by side.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 55420);

export const e2ePorts = {
	site: Number(process.env.E2E_PORT ?? 4391),
	api: base + 1,
	mailbox: base + 4,
	smtp: base + 5,
};
