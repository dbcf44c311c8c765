// The live chat port: what the site needs from a chat provider. Nothing here is secret: it is
// sent to every browser that opens a page with a chat. index.ts picks the implementation from the
// environment; pages and reads never name one.

/** The providers the browser knows how to load and open (src/islands/panel/servers/live-chat.ts). */
export type LiveChatProvider = 'crisp';

/** What a browser needs to load the chat once and open it with a prefilled message. */
export interface LiveChatBrowserConfig {
	provider: LiveChatProvider;
	/** The provider's public id of this site's chat (Crisp: the website ID). */
	websiteId: string;
	/** The provider's loader, added to the page asynchronously on the first conversation only. */
	scriptUrl: string;
	/** The script's origin: what the Content-Security-Policy's script-src must allow. */
	scriptOrigin: string;
}

/** Content-Security-Policy directives and the origins each must allow for the chat to work. */
export type LiveChatCsp = Partial<
	Record<
		'script-src' | 'connect-src' | 'img-src' | 'style-src' | 'font-src' | 'worker-src',
		string[]
	>
>;

export interface LiveChat {
	/** 'none' when no chat is configured: retention offers and help links become support tickets. */
	name: LiveChatProvider | 'none';
	/** What the browser gets, or null for none. */
	browserConfig(): LiveChatBrowserConfig | null;
	/** Origins a Content-Security-Policy must allow (empty for none); see README.md. */
	csp: LiveChatCsp;
}
