import { describe, expect, it } from 'vitest';
import { getLiveChat, liveChatForBrowser } from '../../../src/server/live-chat/index.ts';

// The live chat port, one suite run against each implementation: Crisp (configured as an
// operator would) and none (the default). What it promises: a browser config of public values
// only (or none), a loader on an origin the CSP list allows, and origins a CSP can take as is.

const websiteId = '8f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

describe.each([
	['crisp', { LIVE_CHAT: 'crisp', CRISP_WEBSITE_ID: websiteId }],
	['none', { LIVE_CHAT: 'none' }],
	['none', {}],
] as const)('the live chat %s', (name, env) => {
	const chat = getLiveChat(env);

	it('is the one the configuration names', () => {
		expect(chat.name).toBe(name);
	});

	it('gives the browser public values only, the same as pages send', () => {
		const config = chat.browserConfig();
		expect(liveChatForBrowser(env)).toEqual(config);
		if (name === 'none') {
			expect(config).toBeNull();
			return;
		}
		expect(Object.keys(config!).sort()).toEqual([
			'provider',
			'scriptOrigin',
			'scriptUrl',
			'websiteId',
		]);
		expect(config).toMatchObject({ provider: name, websiteId });
	});

	it('loads its script over HTTPS from an origin its CSP list allows', () => {
		const config = chat.browserConfig();
		if (!config) {
			expect(chat.csp).toEqual({});
			return;
		}
		const script = new URL(config.scriptUrl);
		expect(script.protocol).toBe('https:');
		expect(config.scriptOrigin).toBe(script.origin);
		expect(chat.csp['script-src']).toContain(script.origin);
	});

	it('lists CSP sources as bare https or wss origins', () => {
		for (const [directive, sources] of Object.entries(chat.csp))
			for (const source of sources) {
				const url = new URL(source);
				expect(['https:', 'wss:'], directive).toContain(url.protocol);
				expect(url.origin, directive).toBe(source);
			}
	});
});

describe('Crisp', () => {
	it('loads the loader Crisp documents, and allows its messaging socket', () => {
		const chat = getLiveChat({ LIVE_CHAT: 'crisp', CRISP_WEBSITE_ID: websiteId });
		expect(chat.browserConfig()?.scriptUrl).toBe('https://client.crisp.chat/l.js');
		expect(chat.csp['connect-src']).toContain('wss://client.relay.crisp.chat');
		expect(chat.csp['img-src']).toContain('https://image.crisp.chat');
	});
});
