import { escapeHtml } from '../auth/escape-html.ts';
import type { MailMessage } from './store.ts';

// The mailbox's two HTML pages: the list, newest first, and one message. A mail's own HTML is shown
// in a sandboxed iframe (srcdoc) so it cannot run script in the mailbox page, while its links still
// open (in a new tab) and work, which is the point: confirm a sign-up by clicking.

const STYLE = `
	body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1c1c1c; background: #f6f7f9; }
	header { background: #1c1c1c; color: #fff; padding: 12px 24px; display: flex; gap: 16px; align-items: baseline; }
	header a { color: #3ecf8e; }
	main { max-width: 960px; margin: 24px auto; padding: 0 24px; }
	table { width: 100%; border-collapse: collapse; background: #fff; }
	th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e4e6ea; }
	td a { color: inherit; }
	.meta { color: #555; margin: 0 0 12px; }
	iframe { width: 100%; min-height: 320px; border: 1px solid #e4e6ea; background: #fff; }
	pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #e4e6ea; padding: 12px; }
	button { font: inherit; }
`;

function page(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header><strong>Local mailbox</strong><a href="/">All messages</a></header><main>${body}</main></body></html>`;
}

export function listPage(messages: MailMessage[]): string {
	if (messages.length === 0)
		return page(
			'Local mailbox',
			'<p>No mail yet. Mail the stack sends (sign-up confirmations, password resets) and mail the site sends over SMTP appear here.</p>',
		);
	const rows = messages
		.map(
			(m) =>
				`<tr><td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.to.join(', '))}</td><td><time datetime="${m.created_at}">${escapeHtml(new Date(m.created_at).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</time></td></tr>`,
		)
		.join('');
	const clear = `<form method="post" action="/clear"><p><button type="submit">Delete all messages</button></p></form>`;
	return page(
		`Local mailbox (${messages.length})`,
		`<table><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received</th></tr></thead><tbody>${rows}</tbody></table>${clear}`,
	);
}

export function messagePage(message: MailMessage): string {
	// Links open outside the frame; the sandbox allows that and nothing else.
	const framed = `<base target="_blank">${message.html}`;
	const replyTo = message.reply_to ? `, reply to ${escapeHtml(message.reply_to)}` : '';
	// Mail received over SMTP may be text only; an empty frame would look like a rendering fault.
	const frame = message.html
		? `<iframe title="Message body" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(framed)}"></iframe>`
		: '';
	return page(
		message.subject,
		`<h1>${escapeHtml(message.subject)}</h1>
		<p class="meta">From ${escapeHtml(message.from)} to ${escapeHtml(message.to.join(', '))}${replyTo}, ${escapeHtml(message.created_at)}</p>
		${frame}
		<h2>Plain text</h2><pre>${escapeHtml(message.text)}</pre>
		<p><a href="/api/messages/${encodeURIComponent(message.id)}">JSON</a></p>`,
	);
}

export function notFoundPage(): string {
	return page('Not found', '<p>No such message. <a href="/">Back to the list</a>.</p>');
}
