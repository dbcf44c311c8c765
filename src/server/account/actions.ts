import type { APIContext } from 'astro';
import { localizePath, type Locale } from '../../i18n';
import { routes } from '../../lib/routes';
import { readForm } from '../auth/form';
import { authCallbackUrl } from '../auth/callback-url';
import { clientAddressOf } from '../http/request-address';
import { requestEmailChange } from './email-change';
import { changePassword, saveProfile, type Outcome, type ProfileFields } from './profile';

/** What a post to the profile page did, and what the page shows again when it failed. */
export interface ProfilePost {
	tab: 'profile' | 'password';
	outcome: Outcome;
	/** The address typed into the e-mail form, kept on screen until a change is requested. */
	emailPosted: string | null;
	/** The profile fields as typed, kept on screen when they were refused. */
	posted: Partial<ProfileFields>;
}

/**
 * The profile page's three forms post to the page itself, told apart by `intent`: the password,
 * the e-mail address (a confirmation mail, nothing changes yet) and the rest of the profile.
 */
export async function profilePageAction(
	context: Pick<APIContext, 'request' | 'url' | 'locals' | 'clientAddress'>,
	locale: Locale,
): Promise<ProfilePost> {
	const supabase = context.locals.supabase!;
	const user = context.locals.user!;
	const field = await readForm(context.request);
	// A refused post changes nothing; the page says why on the tab it came from.
	if (field.refused) {
		const outcome: Outcome = { ok: false, message: field.refused.message };
		return { tab: 'profile', outcome, emailPosted: null, posted: {} };
	}
	if (field('intent') === 'password') {
		const outcome = await changePassword(
			supabase,
			user,
			{
				current: field('currentPassword', true),
				next: field('newPassword', true),
				confirm: field('confirmPassword', true),
			},
			clientAddressOf(context),
		);
		return { tab: 'password', outcome, emailPosted: null, posted: {} };
	}
	if (field('intent') === 'email') {
		const landing = `${localizePath(routes.profile, locale)}?email=changed`;
		const outcome = await requestEmailChange(
			supabase,
			user,
			field('email'),
			authCallbackUrl(landing),
		);
		// Until both links are opened the address in use is still the current one.
		return { tab: 'profile', outcome, posted: {}, emailPosted: outcome.ok ? null : field('email') };
	}
	const posted: Omit<ProfileFields, 'country'> = {
		first_name: field('first_name'),
		last_name: field('last_name'),
		address: field('address'),
		postal_code: field('postal_code'),
		city: field('city'),
		company: field('company'),
		vat_number: field('vat_number'),
		preferred_locale: field('preferred_locale'),
		preferred_currency: field('preferred_currency'),
	};
	const outcome = await saveProfile(supabase, user, {
		...posted,
		country: field('country') || null,
	});
	return { tab: 'profile', outcome, emailPosted: null, posted };
}
