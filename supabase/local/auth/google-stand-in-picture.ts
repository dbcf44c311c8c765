import { createHash } from 'node:crypto';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authUrl } from './context.ts';
import type { AuthContext } from './context.ts';
import { escapeHtml } from './escape-html.ts';

// The profile picture Google gives every account (a letter on a colour until one is uploaded), which
// GoTrue stores as `picture` and `avatar_url`. Google serves it to anyone with its address; the
// stand-in draws it offline, the letter and colour chosen as Google's default picture chooses them.

/** Where an account's picture is: the first letter of its name, the colour from its subject. */
export function standInPictureUrl(ctx: AuthContext, sub: string, name: string): string {
	const url = new URL(`${authUrl(ctx)}/google-stand-in/picture`);
	url.search = new URLSearchParams({ sub, initial: initialOf(name) }).toString();
	return url.href;
}

function initialOf(text: string): string {
	return (Array.from(text.trim())[0] ?? '?').toLocaleUpperCase('en');
}

/** GET /google-stand-in/picture?sub=…&initial=…: a 96-pixel round picture, as SVG. */
export function standInPicture(_ctx: AuthContext, request: ApiRequest): ApiResponse {
	const query = request.url.searchParams;
	const hue = createHash('sha256')
		.update(query.get('sub') ?? '')
		.digest()
		.readUInt16BE(0);
	const letter = escapeHtml(initialOf(query.get('initial') ?? ''));
	const body = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue % 360} 45% 42%)"/><text x="48" y="48" dy=".35em" text-anchor="middle" font-family="Roboto,Arial,sans-serif" font-size="44" fill="#fff">${letter}</text></svg>`;
	return {
		status: 200,
		headers: {
			'Content-Type': 'image/svg+xml',
			'Cache-Control': 'public, max-age=86400',
			'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
		},
		body,
	};
}
