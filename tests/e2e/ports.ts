/**
 * Where the browser tests' server and its local stack listen. Not the defaults 4321/54321/54324/54325:
 * `npm start` may be running beside the browser tests. E2E_PORT moves the site and E2E_PORT_BASE the
 * stack, so two checkouts can run their browser tests side by side.
 */
export const e2ePortBase = Number(process.env.E2E_PORT_BASE ?? 55420);

export const e2ePorts = {
	site: Number(process.env.E2E_PORT ?? 4391),
	api: e2ePortBase + 1,
	mailbox: e2ePortBase + 4,
	smtp: e2ePortBase + 5,
};
