import type { User } from '@supabase/supabase-js';
import { localizePath, type Locale } from '../../i18n';
import type { ProductType } from '../../lib/domain/product';
import { serverPages } from '../../lib/routes';
import type { CustomerClient } from '../supabase/customer-client';
import { serviceKindAndGame } from './queries';

// One server page per kind: a game server's under /panel/game-servers, a VPS's under /panel/vps,
// each with its upgrade and cancel pages. An id of the other kind (an old link, a bookmark, a
// hand-typed address) is sent to the same page of its own kind for good (301), with its query
// (a paid pause's `?paused=1`). Only the customer's own ids move: anyone else's, or nonsense,
// stays on the page it asked for, which answers "not found" as before.

export interface KindRequest {
	locals: { supabase?: CustomerClient; user?: User };
	url: URL;
}

/** Where this page (`here` kind, its `page`) sends `id` instead, or null to show it here. */
export async function otherKindPage(
	request: KindRequest,
	locale: Locale,
	id: string,
	here: ProductType,
	page: keyof ReturnType<typeof serverPages>,
): Promise<string | null> {
	return (await kindPage(request, locale, id, here, page)).elsewhere;
}

/**
 * A game server's tabbed pages: where another kind's id goes instead (as `otherKindPage`), and
 * the game of the customer's own server (null for anyone else's), since Minecraft has a tab more.
 */
export function gameServerPage(request: KindRequest, locale: Locale, id: string) {
	return kindPage(request, locale, id, 'game', 'page');
}

async function kindPage(
	request: KindRequest,
	locale: Locale,
	id: string,
	here: ProductType,
	page: keyof ReturnType<typeof serverPages>,
): Promise<{ elsewhere: string | null; game: string | null }> {
	const { supabase, user } = request.locals;
	if (!supabase || !user) return { elsewhere: null, game: null };
	const found = await serviceKindAndGame(supabase, user.id, id);
	if (!found || found.kind === here) return { elsewhere: null, game: found?.game ?? null };
	const path = localizePath(serverPages({ type: found.kind, id })[page], locale);
	return { elsewhere: `${path}${request.url.search}`, game: found.game };
}
