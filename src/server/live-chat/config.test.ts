import { describe, expect, it, vi } from 'vitest';
import { LiveChatConfigError, readLiveChatConfig } from './config';
import { getLiveChat, liveChatForBrowser } from './index';

const id = '8F1C2D3E-4A5B-4C6D-8E9F-0A1B2C3D4E5F';

describe('readLiveChatConfig', () => {
	it('is no chat unless one is asked for', () => {
		expect(readLiveChatConfig({})).toEqual({ provider: 'none' });
		expect(readLiveChatConfig({ LIVE_CHAT: ' ' })).toEqual({ provider: 'none' });
		expect(readLiveChatConfig({ LIVE_CHAT: 'none', CRISP_WEBSITE_ID: id })).toEqual({
			provider: 'none',
		});
		// A website id alone does not switch a chat on: LIVE_CHAT says which provider.
		expect(readLiveChatConfig({ CRISP_WEBSITE_ID: id })).toEqual({ provider: 'none' });
	});

	it('reads Crisp and its website id', () => {
		expect(readLiveChatConfig({ LIVE_CHAT: 'Crisp', CRISP_WEBSITE_ID: ` ${id} ` })).toEqual({
			provider: 'crisp',
			websiteId: id.toLowerCase(),
		});
	});

	it.each([
		[{ LIVE_CHAT: 'crisp' }, /LIVE_CHAT=crisp needs CRISP_WEBSITE_ID/],
		[{ LIVE_CHAT: 'crisp', CRISP_WEBSITE_ID: '' }, /needs CRISP_WEBSITE_ID/],
		[{ LIVE_CHAT: 'crisp', CRISP_WEBSITE_ID: 'my-site' }, /must be the website ID/],
		[{ LIVE_CHAT: 'intercom' }, /LIVE_CHAT must be crisp or none/],
	])('refuses %j by name', (env, message) => {
		expect(() => readLiveChatConfig(env)).toThrow(LiveChatConfigError);
		expect(() => readLiveChatConfig(env)).toThrow(message);
	});
});

describe('getLiveChat and liveChatForBrowser', () => {
	it('throw and log a broken configuration; the browser then gets tickets, not a chat', () => {
		expect(() => getLiveChat({ LIVE_CHAT: 'crisp' })).toThrow(LiveChatConfigError);
		const logged: unknown[] = [];
		const write = vi.spyOn(process.stdout, 'write').mockImplementation((line) => {
			logged.push(String(line));
			return true;
		});
		try {
			expect(liveChatForBrowser({ LIVE_CHAT: 'crisp' })).toBeNull();
		} finally {
			write.mockRestore();
		}
		expect(logged).toEqual([expect.stringMatching(/"level":"error".*CRISP_WEBSITE_ID/)]);
	});

	it('follow a changed environment', () => {
		expect(getLiveChat({}).name).toBe('none');
		expect(getLiveChat({ LIVE_CHAT: 'crisp', CRISP_WEBSITE_ID: id }).name).toBe('crisp');
		expect(getLiveChat({}).name).toBe('none');
	});
});
