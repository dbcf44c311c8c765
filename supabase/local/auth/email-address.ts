import { badRequest } from './errors.ts';

// GoTrue's validateEmail: required, at most 255 characters, the checkmail format, lower-cased.

const FORMAT =
	/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(raw: string | undefined): string {
	const email = (raw ?? '').trim();
	if (email === '') throw badRequest('validation_failed', 'An email address is required');
	if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
	if (!FORMAT.test(email))
		throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
	return email.toLowerCase();
}
