import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatConfig } from '../../../stores/cancellation';
import { ticketUrl, type Conversation } from './live-chat';

const conversation: Conversation = {
	subject: 'Price match: Palworld · World 1',
	department: 'sales',
	message: 'Hei! Kan dere matche en pris på 5 € & mindre?\nTakk',
	serviceId: 'c0ffee00-0000-4000-8000-000000000101',
};

describe('ticketUrl', () => {
	it('prefills the support form, every field encoded and read back intact', () => {
		const url = new URL(ticketUrl('/no', conversation), 'http://site.test');
		expect(url.pathname).toBe('/no/panel/support');
		expect(Object.fromEntries(url.searchParams)).toEqual({
			compose: '1',
			subject: conversation.subject,
			department: 'sales',
			service: conversation.serviceId,
			message: conversation.message,
		});
		expect(ticketUrl('', conversation)).toMatch(/^\/panel\/support\?compose=1&/);
	});
});

describe('openLiveChat (Crisp)', () => {
	const crisp: ChatConfig = {
		provider: 'crisp',
		websiteId: '8f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
		scriptUrl: 'https://client.crisp.chat/l.js',
		scriptOrigin: 'https://client.crisp.chat',
	};
	let scripts: { src: string; async: boolean; onload?: () => void; onerror?: () => void }[];
	let win: Record<string, unknown>;

	beforeEach(() => {
		vi.resetModules();
		scripts = [];
		win = {};
		vi.stubGlobal('window', win);
		vi.stubGlobal('document', {
			createElement: () => ({}),
			head: { appendChild: (script: (typeof scripts)[0]) => scripts.push(script) },
		});
	});
	afterEach(() => vi.unstubAllGlobals());

	it('loads the script once, asynchronously, and queues the message then the opening', async () => {
		const { openLiveChat } = await import('./live-chat');
		const first = openLiveChat(crisp, 'first');
		const second = openLiveChat(crisp, 'second');
		expect(scripts).toEqual([expect.objectContaining({ src: crisp.scriptUrl, async: true })]);
		expect(win.CRISP_WEBSITE_ID).toBe(crisp.websiteId);
		expect(win.$crisp).toEqual([
			['set', 'message:text', ['first']],
			['do', 'chat:open'],
			['set', 'message:text', ['second']],
			['do', 'chat:open'],
		]);
		scripts[0]!.onload!();
		expect(await first).toBe(true);
		expect(await second).toBe(true);
	});

	it('answers false when the script cannot load, and tries again on the next call', async () => {
		const { openLiveChat } = await import('./live-chat');
		const blocked = openLiveChat(crisp, 'hello');
		scripts[0]!.onerror!();
		expect(await blocked).toBe(false);
		const again = openLiveChat(crisp, 'hello');
		expect(scripts).toHaveLength(2);
		scripts[1]!.onload!();
		expect(await again).toBe(true);
	});
});
