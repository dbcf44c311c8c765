import type { MailMessage } from './types';

/** One block of a product mail: a paragraph of text, or a link shown as a button-like line. */
export type MailBlock = string | { href: string; label: string };

const entities: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/**
 * A plain, readable mail in both forms from the same blocks, so the text part (what many
 * security-minded customers read) says exactly what the HTML part says.
 */
export function composeMail(to: string, subject: string, blocks: MailBlock[]): MailMessage {
	const text = blocks
		.map((block) => (typeof block === 'string' ? block : `${block.label}:\n${block.href}`))
		.join('\n\n');
	const html = blocks
		.map((block) =>
			typeof block === 'string'
				? `<p>${escapeHtml(block)}</p>`
				: `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>`,
		)
		.join('\n');
	return { to, subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}
