import { escapeHtml } from './escape-html.ts';

// The stand-in's one page. It says plainly what it is: nothing here talks to Google, and no
// password is asked; whoever uses the local stack may sign in as any address, as on the test
// payment page any card is accepted.

export interface StandInAccount {
	email: string;
	name: string;
}

const STYLE = `body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#202124}
.banner{background:#fef7e0;border:1px solid #f9ab00;border-radius:8px;padding:.75rem 1rem;font-size:.9rem}
form{margin:.5rem 0}button{font:inherit;cursor:pointer}label{display:block;margin:.75rem 0 .25rem}
input{font:inherit;width:100%;padding:.5rem;box-sizing:border-box}
.account{width:100%;text-align:left;padding:.75rem;border:1px solid #dadce0;border-radius:8px;background:#fff}
.primary{background:#1a73e8;color:#fff;border:0;border-radius:4px;padding:.5rem 1.25rem;margin-top:1rem}`;

/** Hidden fields that carry the authorization request to /google-stand-in/approve. */
function carried(query: URLSearchParams): string {
	return ['state', 'redirect_uri']
		.map((name) => {
			const value = escapeHtml(query.get(name) ?? '');
			return `<input type="hidden" name="${name}" value="${value}">`;
		})
		.join('');
}

export function standInPage(query: URLSearchParams, recent: StandInAccount[]): string {
	const hidden = carried(query);
	const accounts = recent
		.map(
			({ email, name }) => `<form action="google-stand-in/approve" method="get">${hidden}
<input type="hidden" name="email" value="${escapeHtml(email)}"><input type="hidden" name="name" value="${escapeHtml(name)}">
<button class="account" type="submit">${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;</button></form>`,
		)
		.join('\n');
	return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Google sign-in stand-in (local stack only)</title><style>${STYLE}</style></head><body>
<h1>Google sign-in stand-in (local stack only)</h1>
<p class="banner">This page plays Google's sign-in for the local Supabase stack. Nothing is sent to
Google and no password is asked. A hosted project shows Google's own pages here.</p>
${recent.length ? `<h2>Recent accounts</h2>\n${accounts}` : ''}
<h2>Another account</h2>
<form action="google-stand-in/approve" method="get">${hidden}
<label for="email">E-mail address</label><input id="email" name="email" type="email" required autocomplete="off">
<label for="name">Name</label><input id="name" name="name" autocomplete="off">
<button class="primary" type="submit">Continue</button></form>
<form action="google-stand-in/approve" method="get">${hidden}
<button type="submit" name="deny" value="1">Cancel (deny access)</button></form>
</body></html>`;
}
