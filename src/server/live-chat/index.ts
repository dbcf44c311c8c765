import { LiveChatConfigError, readLiveChatConfig } from './config';
import { createCrispChat } from './crisp';
import { noLiveChat } from './none';
import type { LiveChat, LiveChatBrowserConfig } from './types';
import { logger } from '../log/logger';
import { pickAdapter, type Env } from '../config/pick-adapter';

export type { LiveChat, LiveChatBrowserConfig, LiveChatCsp, LiveChatProvider } from './types';
export { LiveChatConfigError } from './config';

// The one place that chooses the live chat: LIVE_CHAT=crisp with CRISP_WEBSITE_ID, else none.

/** The chat for the current environment; throws LiveChatConfigError. */
export const getLiveChat = pickAdapter(['LIVE_CHAT', 'CRISP_WEBSITE_ID'], (env): LiveChat => {
	const config = readLiveChatConfig(env);
	return config.provider === 'crisp' ? createCrispChat(config.websiteId) : noLiveChat;
});

/**
 * What a page sends the browser. A broken configuration is logged by name and answered as no
 * chat: a customer about to cancel must still reach us, through a prefilled ticket.
 */
export function liveChatForBrowser(env: Env = process.env): LiveChatBrowserConfig | null {
	try {
		return getLiveChat(env).browserConfig();
	} catch (error) {
		if (!(error instanceof LiveChatConfigError)) throw error;
		logger.error('live chat not configured: offering support tickets instead', {
			error: error.message,
		});
		return null;
	}
}
