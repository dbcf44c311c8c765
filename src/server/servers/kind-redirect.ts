import type { User } from '@supabase/supabase-js';
import { localizePath, type Locale } from '../../i18n';
import type { ProductType } from '../../lib/domain/product';
import { serverPages } from '../../lib/routes';
import type { CustomerClient } from '../supabase/customer-client';
import { serviceKind } from './queries';

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
	const { supabase, user } = request.locals;
	if (!supabase || !user) return null;
	const kind = await serviceKind(supabase, user.id, id);
	if (!kind || kind === here) return null;
	return `${localizePath(serverPages({ type: kind, id })[page], locale)}${request.url.search}`;
}
