import type { APIContext } from 'astro';
import { setting } from '../config/variables';
import { getLiveChat, LiveChatConfigError } from '../live-chat';
import type { LiveChatCsp } from '../live-chat/types';

/** The live chat's origins when one is configured, else none. */
function chatOrigins(): LiveChatCsp | undefined {
	try {
		return getLiveChat().name === 'none' ? undefined : getLiveChat().csp;
	} catch (error) {
		if (error instanceof LiveChatConfigError) return undefined; // no chat is offered
		throw error;
	}
}

/**
 * The game panel's nodes a browser talks to: a file upload goes straight to the node's one-time
 * link (Wings), as the panel's own file manager does. Only well-formed http(s) origins count.
 */
export function nodeOrigins(env: Record<string, string | undefined> = process.env): string[] {
	const listed = setting('PTERODACTYL_NODE_ORIGINS', env)?.split(/[\s,]+/) ?? [];
	return listed.flatMap((entry) => {
		if (!URL.canParse(entry)) return [];
		const url = new URL(entry);
		return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
	});
}

/**
 * Adds the origins an operator's settings decide to the Content-Security-Policy of a page rendered
 * on request: the live chat's (it opens only in the panel, which is rendered on request) and the
 * game panel's nodes for uploads. The build's policy (`src/lib/security/csp.ts`) knows only the
 * site's own origin. No payment origin is needed: the gateway's pages are reached by navigation
 * (Stripe Checkout), never framed or scripted here.
 */
export function allowConfiguredOrigins(csp: APIContext['csp']): void {
	if (!csp) return; // a build without a policy
	const origins: LiveChatCsp = { ...chatOrigins() };
	const nodes = nodeOrigins();
	if (nodes.length) origins['connect-src'] = [...(origins['connect-src'] ?? []), ...nodes];
	for (const origin of origins['script-src'] ?? []) csp.insertScriptResource(origin);
	for (const origin of origins['style-src'] ?? []) csp.insertStyleResource(origin);
	for (const name of ['connect-src', 'img-src', 'font-src', 'worker-src'] as const) {
		const list = origins[name];
		// A directive of its own no longer falls back to default-src, so it names 'self' too.
		if (list?.length) csp.insertDirective(`${name} 'self' ${list.join(' ')}`);
	}
}
