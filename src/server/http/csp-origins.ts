import type { APIContext } from 'astro';
import { getLiveChat, LiveChatConfigError } from '../live-chat';

/**
 * Adds the live chat's origins to the Content-Security-Policy of a page rendered on request, when
 * a chat is configured (the chat opens only in the panel, which is rendered on request). The
 * build's policy (`src/lib/security/csp.ts`) knows only the site's own origin; this is the part
 * an operator's settings decide. No payment origin is needed: the gateway's pages are reached by
 * navigation (Stripe Checkout), never framed or scripted here.
 */
export function allowConfiguredOrigins(csp: APIContext['csp']): void {
	if (!csp) return; // a build without a policy
	let origins;
	try {
		origins = getLiveChat().name === 'none' ? undefined : getLiveChat().csp;
	} catch (error) {
		if (error instanceof LiveChatConfigError) return; // no chat is offered; nothing to allow
		throw error;
	}
	if (!origins) return;
	for (const origin of origins['script-src'] ?? []) csp.insertScriptResource(origin);
	for (const origin of origins['style-src'] ?? []) csp.insertStyleResource(origin);
	for (const name of ['connect-src', 'img-src', 'font-src', 'worker-src'] as const) {
		const list = origins[name];
		// A directive of its own no longer falls back to default-src, so it names 'self' too.
		if (list?.length) csp.insertDirective(`${name} 'self' ${list.join(' ')}`);
	}
}
