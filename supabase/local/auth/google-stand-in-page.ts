import { escapeHtml } from './escape-html.ts';

// The stand-in's pages. They say plainly what they are: nothing here talks to Google and no
// password is asked, but nobody is signed in on an address until a code mailed to it is entered,
// as Google signs in nobody who cannot sign in to that account. No page ever names an address
// other than the one this browser typed.

/** Where the pages post and link to: the stand-in's routes under the stack's /auth/v1. */
export interface StandInRoutes {
	page: string;
	code: string;
	approve: string;
}

/** The OAuth request the pages carry: GoTrue's state and the registered callback. */
export interface Carried {
	state: string;
	redirectUri: string;
}

const STYLE = `body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#202124}
.banner{background:#fef7e0;border:1px solid #f9ab00;border-radius:8px;padding:.75rem 1rem;font-size:.9rem}
.error{color:#b3261e;font-weight:600}form{margin:.5rem 0}button{font:inherit;cursor:pointer}
label{display:block;margin:.75rem 0 .25rem}input{font:inherit;width:100%;padding:.5rem;box-sizing:border-box}
.primary{background:#1a73e8;color:#fff;border:0;border-radius:4px;padding:.5rem 1.25rem;margin-top:1rem}`;

const TITLE = 'Google sign-in stand-in (local stack only)';

function hidden(fields: Record<string, string>): string {
	return Object.entries(fields)
		.map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
		.join('');
}

function layout(body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${TITLE}</title><style>${STYLE}</style></head><body>
<h1>${TITLE}</h1>
<p class="banner">This page plays Google's sign-in for the local Supabase stack. Nothing is sent to
Google and no password is asked: a code mailed to the address proves it is yours (the local
mailbox shows it). A hosted project shows Google's own pages here.</p>
${body}
</body></html>`;
}

const errorLine = (error: string | undefined) =>
	error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

function cancelForm(routes: StandInRoutes, carried: Carried): string {
	return `<form action="${escapeHtml(routes.approve)}" method="get">${hidden({
		state: carried.state,
		redirect_uri: carried.redirectUri,
	})}
<button type="submit" name="deny" value="1">Cancel (deny access)</button></form>`;
}

/** The first page: the address (and a name) to sign in with. */
export function addressPage(routes: StandInRoutes, carried: Carried, error?: string): string {
	return layout(`${errorLine(error)}
<form action="${escapeHtml(routes.code)}" method="post">${hidden({
		state: carried.state,
		redirect_uri: carried.redirectUri,
	})}
<label for="email">E-mail address</label><input id="email" name="email" type="email" required autocomplete="off">
<label for="name">Name</label><input id="name" name="name" autocomplete="off">
<button class="primary" type="submit">Continue</button></form>
${cancelForm(routes, carried)}`);
}

/** The second page: the code mailed to `email`, entered on `ticket`. */
export function codePage(
	routes: StandInRoutes,
	carried: Carried & { ticket: string; email: string },
	error?: string,
): string {
	const again = `${routes.page}?${new URLSearchParams({ state: carried.state, redirect_uri: carried.redirectUri })}`;
	return layout(`${errorLine(error)}
<p>We mailed a six-digit code to <strong>${escapeHtml(carried.email)}</strong>. Enter it to continue.</p>
<form action="${escapeHtml(routes.approve)}" method="post">${hidden({ ticket: carried.ticket })}
<label for="code">Code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button class="primary" type="submit">Continue</button></form>
<p><a href="${escapeHtml(again)}">Use another address</a></p>
${cancelForm(routes, carried)}`);
}

/** A page that only says why nothing happened. */
export function messagePage(message: string): string {
	return layout(errorLine(message));
}
