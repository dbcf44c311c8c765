import type { APIContext } from 'astro';
import type { User } from '@supabase/supabase-js';
import { checkBearer, checkCookieSession, type SessionCheck } from '../http/assurance';
import { adminClient } from '../supabase/admin-client';

/** A member of staff, signed in with two-factor sign-in (aal2). */
export interface Staff {
	id: string;
	email: string;
}

/**
 * Who is asking for the staff console: staff with a complete two-factor session, staff who still
 * owe their code (`pending`), staff who have not turned two-factor sign-in on (`no_two_factor`),
 * or anyone else (visitors, customers), whom the console does not exist for.
 */
export type StaffVerdict =
	| { kind: 'staff'; staff: Staff }
	| { kind: 'pending' }
	| { kind: 'no_two_factor' }
	| { kind: 'not_staff' };

async function sessionOf(context: Pick<APIContext, 'request' | 'locals'>): Promise<SessionCheck> {
	const header = context.request.headers.get('authorization') ?? '';
	const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
	return bearer ? checkBearer(bearer) : checkCookieSession(context.locals.supabase);
}

/** Whether the account holds the staff role (staff_members, which only the service role reads). */
export async function isStaff(userId: string): Promise<boolean> {
	const admin = adminClient();
	if (!admin) return false;
	const { data, error } = await admin
		.from('staff_members')
		.select('user_id')
		.eq('user_id', userId)
		.maybeSingle();
	if (error) throw new Error(`staff_members: ${error.message}`);
	return data !== null;
}

function staffFrom(user: User): Staff {
	return { id: user.id, email: user.email ?? '' };
}

/** The one place the site decides whether a request comes from staff (pages and API alike). */
export async function staffOf(
	context: Pick<APIContext, 'request' | 'locals'>,
): Promise<StaffVerdict> {
	const session = await sessionOf(context);
	if (session.kind === 'none' || !(await isStaff(session.user.id))) return { kind: 'not_staff' };
	if (session.kind === 'pending') return { kind: 'pending' };
	if (session.level !== 'aal2') return { kind: 'no_two_factor' };
	return { kind: 'staff', staff: staffFrom(session.user) };
}
