import { validateEmail } from './email-address.ts';
import { AuthError, badRequest } from './errors.ts';
import { optionalString } from './request.ts';
import type { Body } from './request.ts';

// /verify's parameters checked as VerifyParams.Validate does (internal/api/verify.go), in its order.
// A type the token lookup does not know fails only at the lookup, with the lookup's wording.

export const VERIFY_TYPES = [
	'signup',
	'invite',
	'magiclink',
	'recovery',
	'email_change',
	'email',
	'sms',
	'phone_change',
] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

export interface VerifyParams {
	type: VerifyType;
	/** The 6-digit code, with `email`. */
	otp?: string;
	email?: string;
	/** The hashed token of a link (may carry the pkce_ prefix). */
	tokenHash?: string;
}

// The types verifyTokenHash and the e-mail branch of verifyUserAndToken look tokens up for.
const EMAIL_TYPES = new Set(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']);

/** A link's type, checked where verifyTokenHash checks it (so the refusal is redirected). */
export function linkType(type: string): VerifyType {
	if (!EMAIL_TYPES.has(type))
		throw badRequest('validation_failed', 'Invalid email verification type');
	return type as VerifyType;
}

/** GET /verify (the mailed link): a type and a token, else a JSON error rather than a redirect. */
export function getVerifyParams(query: URLSearchParams): { type: string; token: string } {
	const type = query.get('type') ?? '';
	const token = query.get('token') ?? '';
	if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
	if (token === '')
		throw badRequest('validation_failed', 'Verify requires a token or a token hash');
	return { type, token };
}

/**
 * POST /verify: a type, exactly one of token and token_hash, nothing but the type with a hash, one
 * address with a code (an e-mail that does not parse is 422). Undefined when no user can match.
 */
export function postVerifyParams(body: Body): VerifyParams | undefined {
	const field = (key: string) => optionalString(body, key) ?? '';
	const [type, token, hash, email, phone] = [
		field('type'),
		field('token'),
		field('token_hash'),
		field('email'),
		field('phone'),
	];
	if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
	if ((token === '') === (hash === ''))
		throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
	if (hash !== '') {
		if (email || phone || field('redirect_to'))
			throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
		return { type: linkType(type), tokenHash: hash };
	}
	if (phone !== '' && email === '') {
		if (!/^[1-9][0-9]{1,14}$/.test(phone.replace(/^\+/, '').replaceAll(' ', '')))
			throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
		return undefined; // no user has a phone here, so the lookup finds none
	}
	if (email === '' || phone !== '')
		throw badRequest(
			'validation_failed',
			'Only an email address or phone number should be provided on verify',
		);
	let address: string;
	try {
		address = validateEmail(email);
	} catch {
		throw new AuthError(422, 'validation_failed', 'Invalid email format');
	}
	// sms and phone_change look the user up by phone, unknown types match no token: both find none.
	return EMAIL_TYPES.has(type)
		? { type: type as VerifyType, otp: token, email: address }
		: undefined;
}
