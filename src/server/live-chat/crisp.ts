import type { LiveChat } from './types';

// Crisp (https://docs.crisp.chat/guides/chatbox-sdks/web-sdk/). The browser sets
// window.CRISP_WEBSITE_ID, loads l.js, then queues commands on window.$crisp: the queue is safe
// before the script has loaded, so a message set at the first click is not lost.

const scriptUrl = 'https://client.crisp.chat/l.js';

/** Crisp's published domain list for strict CSPs: the required ones and file transfers. */
const csp: LiveChat['csp'] = {
	'script-src': ['https://client.crisp.chat'],
	'connect-src': [
		'https://client.crisp.chat',
		'https://storage.crisp.chat',
		'wss://client.relay.crisp.chat',
	],
	'img-src': [
		'https://client.crisp.chat',
		'https://image.crisp.chat',
		'https://storage.crisp.chat',
	],
	// The chatbox inlines its colours, so style-src also needs 'unsafe-inline' (README.md).
	'style-src': ['https://client.crisp.chat'],
	'font-src': ['https://client.crisp.chat'],
	// Short-lived workers (the "are you a bot?" check when a message is sent).
	'worker-src': ['https://client.crisp.chat'],
};

export function createCrispChat(websiteId: string): LiveChat {
	return {
		name: 'crisp',
		browserConfig: () => ({
			provider: 'crisp',
			websiteId,
			scriptUrl,
			scriptOrigin: new URL(scriptUrl).origin,
		}),
		csp,
	};
}
