// LIVE_CHAT and its provider's settings, checked once, so a wrong setting is reported by name
// instead of a chat that silently never appears.

export type LiveChatConfig = { provider: 'none' } | { provider: 'crisp'; websiteId: string };

export class LiveChatConfigError extends Error {
	override name = 'LiveChatConfigError';
}

type Env = Record<string, string | undefined>;

// Crisp website IDs are UUIDs; anything else (a pasted snippet, an e-mail) would load a chat
// that answers 404 in every customer's browser.
const crispWebsiteId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The live chat configuration from the environment; throws LiveChatConfigError naming the fix. */
export function readLiveChatConfig(env: Env): LiveChatConfig {
	const provider = (env.LIVE_CHAT ?? '').trim().toLowerCase() || 'none';
	if (provider === 'none') return { provider: 'none' };
	if (provider !== 'crisp')
		throw new LiveChatConfigError(`LIVE_CHAT must be crisp or none, not "${env.LIVE_CHAT}"`);
	const websiteId = env.CRISP_WEBSITE_ID?.trim();
	if (!websiteId)
		throw new LiveChatConfigError(
			'LIVE_CHAT=crisp needs CRISP_WEBSITE_ID (Crisp: Settings → Workspace settings → Setup instructions, the website ID)',
		);
	if (!crispWebsiteId.test(websiteId))
		throw new LiveChatConfigError(
			`CRISP_WEBSITE_ID must be the website ID, a UUID such as 8f1c2d3e-…, not "${websiteId}"`,
		);
	return { provider: 'crisp', websiteId: websiteId.toLowerCase() };
}
