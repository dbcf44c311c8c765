import { LiveChatConfigError, readLiveChatConfig } from './config';
import { createCrispChat } from './crisp';
import { noLiveChat } from './none';
import type { LiveChat, LiveChatBrowserConfig } from './types';
import { logger } from '../log/logger';

export type { LiveChat, LiveChatBrowserConfig, LiveChatCsp, LiveChatProvider } from './types';
export { LiveChatConfigError } from './config';

// The one place that chooses the live chat: LIVE_CHAT=crisp with CRISP_WEBSITE_ID, else none.

type Env = Record<string, string | undefined>;

let cached: { key: string; chat: LiveChat } | undefined;

/** The chat for the current environment (read at run time); throws LiveChatConfigError. */
export function getLiveChat(env: Env = process.env): LiveChat {
	// Keyed on the settings so a changed environment (a test, a new website id) is picked up.
	const key = `${env.LIVE_CHAT ?? ''}\n${env.CRISP_WEBSITE_ID ?? ''}`;
	if (cached?.key !== key) {
		const config = readLiveChatConfig(env);
		const chat = config.provider === 'crisp' ? createCrispChat(config.websiteId) : noLiveChat;
		cached = { key, chat };
	}
	return cached.chat;
}

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
