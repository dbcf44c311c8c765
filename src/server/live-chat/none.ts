import type { LiveChat } from './types';

/**
 * No chat (the default, and every local run): nothing is loaded in the browser, and each
 * conversation the site offers becomes a support ticket prefilled with the same message.
 */
export const noLiveChat: LiveChat = {
	name: 'none',
	browserConfig: () => null,
	csp: {},
};
