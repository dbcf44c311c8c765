import type { APIContext } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowConfiguredOrigins, nodeOrigins } from './csp-origins';

// What the operator's settings add to a rendered page's policy: the game panel's nodes, for the
// browser's uploads to their one-time links.

function recorder() {
	const directives: string[] = [];
	const csp = {
		insertDirective: (directive: string) => directives.push(directive),
		insertScriptResource: () => undefined,
		insertStyleResource: () => undefined,
	};
	return { csp: csp as unknown as NonNullable<APIContext['csp']>, directives };
}

afterEach(() => vi.unstubAllEnvs());

describe('nodeOrigins', () => {
	it('keeps the http(s) origins listed, by space or comma, and drops anything else', () => {
		expect(
			nodeOrigins({
				PTERODACTYL_NODE_ORIGINS:
					'https://node1.frostnode.example:8080/api, ftp://files.example  not-a-url http://node2.example',
			}),
		).toEqual(['https://node1.frostnode.example:8080', 'http://node2.example']);
		expect(nodeOrigins({})).toEqual([]);
	});
});

describe('allowConfiguredOrigins', () => {
	it("lets the panel's pages connect to the nodes, the same on every request", () => {
		vi.stubEnv('LIVE_CHAT', '');
		vi.stubEnv('PTERODACTYL_NODE_ORIGINS', 'https://node1.frostnode.example:8080');
		for (let request = 0; request < 2; request++) {
			const { csp, directives } = recorder();
			allowConfiguredOrigins(csp);
			expect(directives).toEqual(["connect-src 'self' https://node1.frostnode.example:8080"]);
		}
	});

	it('adds nothing when no node or chat is configured', () => {
		vi.stubEnv('LIVE_CHAT', '');
		vi.stubEnv('PTERODACTYL_NODE_ORIGINS', '');
		const { csp, directives } = recorder();
		allowConfiguredOrigins(csp);
		expect(directives).toEqual([]);
	});
});
