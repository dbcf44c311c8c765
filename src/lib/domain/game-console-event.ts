import { z } from 'zod';

/**
 * The game console speaks Wings' own WebSocket frames, `{ "event": "...", "args": ["..."] }`, from
 * the browser through the site's relay to the panel and back. Authentication is the one part the
 * site does itself: `auth`, tokens and the daemon's admin-only events never pass the relay.
 */

/** What the customer's page may send: a command, a replay of the log, a stats sample. */
export const consoleRequests = ['send command', 'send logs', 'send stats'] as const;
export type ConsoleRequest = (typeof consoleRequests)[number];

/** What reaches the customer's page; everything else the panel sends is dropped by the relay. */
export const consoleEvents = [
	'console output',
	'status',
	'stats',
	'daemon message',
	'backup completed',
	'backup restore completed',
	'install started',
	'install completed',
] as const;
export type ConsoleEvent = (typeof consoleEvents)[number];

/** One frame as Wings and the browser write it; `args` omitted when empty. */
export interface ConsoleFrame {
	event: string;
	args?: string[];
}

// Pure: browser code that needs only the lists or the types leaves zod out of its bundle.
export const consoleFrameSchema = /* @__PURE__ */ z
	.object({
		event: z.string().min(1).max(64),
		args: z.array(z.string().max(4096)).max(4).optional(),
	})
	.strict();

/** Wings' `stats` event carries this as a JSON string in `args[0]`. */
export const consoleStatsSchema = /* @__PURE__ */ z.object({
	memory_bytes: z.number(),
	memory_limit_bytes: z.number(),
	cpu_absolute: z.number(),
	network: z.object({ rx_bytes: z.number(), tx_bytes: z.number() }),
	uptime: z.number(),
	state: z.string(),
	disk_bytes: z.number(),
});
export type ConsoleStats = z.infer<typeof consoleStatsSchema>;

/**
 * The relay's own event, never the panel's: a `send command` it did not pass on, with why in
 * `args[0]` (one of `commandRefusals`). The page shows the reason in the customer's language.
 * `read_only` is staff watching a customer's console: they may ask for logs and stats, not command.
 */
export const commandRefusedEvent = 'command refused';
export const commandRefusals = ['not_running', 'suspended', 'read_only'] as const;
export type CommandRefusal = (typeof commandRefusals)[number];
