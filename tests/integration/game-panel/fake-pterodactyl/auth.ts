import { type Answer, panelError } from './validation';

// The panel's key middleware: a bearer token of the route's kind (application keys are refused on
// client routes, and the other way round), 401 for a token it does not know.

export const applicationKey = `ptla_fake0000000000${'a'.repeat(32)}`;
export const clientKey = `ptlc_fake0000000000${'c'.repeat(32)}`;
export function authenticate(
	api: 'application' | 'client',
	authorization: string | undefined,
): Answer | null {
	const token = authorization?.replace(/^Bearer /, '');
	const own = api === 'application' ? applicationKey : clientKey;
	if (token === own) return null;
	if (token === applicationKey)
		return panelError(
			403,
			'AccessDeniedHttpException',
			'You are attempting to use an application API key on an endpoint that requires a client API key.',
		);
	if (token === clientKey)
		return panelError(403, 'AccessDeniedHttpException', 'This action is unauthorized.');
	return panelError(401, 'AuthenticationException', 'Unauthenticated.');
}
