import { z } from 'zod';
import { deviceOf } from '../../lib/account/user-agent';
import type { SessionView } from '../../lib/account/sessions';
import type { RequestClient } from '../supabase/request-client';

// The customer's own sign-in sessions, read as the customer: auth.sessions is not exposed through
// the API, and my_sessions (a security definer function) returns only the caller's rows.

const sessionRow = z.object({
	id: z.string(),
	user_agent: z.string(),
	ip: z.string(),
	created_at: z.string(),
	last_used_at: z.string(),
});

const claimsSchema = z.object({ session_id: z.string().optional() });

/** The session this request is signed in with: from its verified access token. */
export async function currentSessionId(supabase: RequestClient): Promise<string | null> {
	const { data } = await supabase.auth.getClaims();
	const claims = claimsSchema.safeParse(data?.claims);
	return claims.success ? (claims.data.session_id ?? null) : null;
}

export async function listSessions(supabase: RequestClient): Promise<SessionView[]> {
	const current = await currentSessionId(supabase);
	const { data, error } = await supabase.rpc('my_sessions');
	if (error) throw new Error(error.message);
	const rows = z.array(sessionRow).parse(data);
	const views = rows.map((row) => ({
		id: row.id,
		...deviceOf(row.user_agent),
		address: row.ip,
		signedInAt: row.created_at,
		lastUsedAt: row.last_used_at,
		current: row.id === current,
	}));
	// This device first, then the others by last use (as the database ordered them).
	return [...views.filter((view) => view.current), ...views.filter((view) => !view.current)];
}
