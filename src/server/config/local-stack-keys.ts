import { z } from 'zod';

// The keys a local Supabase stack prints: the embedded one (`npm start`, supabase/local) and the
// official CLI's (`supabase start`) both sign their legacy API keys with `iss: "supabase-demo"`; a
// hosted project's say `"supabase"`. Production never runs on a local stack: its Google sign-in is
// a stand-in whose codes land in the stack's own mailbox, and the CLI's JWT secret is public.

const claims = z.object({ iss: z.string() });

/** Whether `key` is a JWT-form API key of a local stack (an opaque `sb_…` key cannot tell). */
export function isLocalStackKey(key: string | undefined): boolean {
	const payload = key?.trim().split('.')[1];
	if (!payload) return false;
	try {
		const parsed = claims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
		return parsed.success && parsed.data.iss === 'supabase-demo';
	} catch {
		return false;
	}
}
