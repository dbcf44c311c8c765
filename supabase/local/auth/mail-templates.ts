import type { OutgoingMail } from '../mailbox/store.ts';
import { escapeHtml } from './escape-html.ts';
import { renderGoTemplate } from './go-template.ts';
import type { EmailTemplate, LinkMailKind, MailKind } from './template-config.ts';

// GoTrue's default e-mail templates (subject and body wording of a hosted project), plus the
// one-time code a custom template would show with {{ .Token }}, handy when testing by hand; or the
// project's own template of the kind (template-config.ts), rendered with GoTrue's variables.

export interface MailInput {
	kind: MailKind;
	to: string;
	confirmationUrl: string;
	otp: string;
	siteUrl: string;
	email: string;
	newEmail?: string;
	/** The user's metadata: {{ .Data.… }} (the site's sign-up stores the locale there). */
	data?: Record<string, unknown> | null;
	redirectTo?: string;
	tokenHash?: string;
}

const TEMPLATES: Record<
	LinkMailKind,
	{ subject: string; heading: string; lead: (input: MailInput) => string; action: string }
> = {
	signup: {
		subject: 'Confirm Your Signup',
		heading: 'Confirm your signup',
		lead: () => 'Follow this link to confirm your user:',
		action: 'Confirm your mail',
	},
	invite: {
		subject: 'You have been invited',
		heading: 'You have been invited',
		lead: (input) =>
			`You have been invited to create a user on ${input.siteUrl}. Follow this link to accept the invite:`,
		action: 'Accept the invite',
	},
	magiclink: {
		subject: 'Your Magic Link',
		heading: 'Magic Link',
		lead: () => 'Follow this link to login:',
		action: 'Log In',
	},
	recovery: {
		subject: 'Reset Your Password',
		heading: 'Reset Password',
		lead: () => 'Follow this link to reset the password for your user:',
		action: 'Reset Password',
	},
	email_change: {
		subject: 'Confirm Email Change',
		heading: 'Confirm Change of Email',
		lead: (input) =>
			`Follow this link to confirm the update of your email from ${input.email} to ${input.newEmail ?? ''}:`,
		action: 'Change Email',
	},
};

/** HTML as plain text, for the text part beside a custom template's HTML. */
function textOf(html: string): string {
	return html
		.replace(/<(style|head)[\s\S]*?<\/\1>/gi, '')
		.replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2: $1')
		.replace(/<(br|\/p|\/h\d|\/div|\/tr|\/li)[^>]*>/gi, '\n')
		.replace(/<[^>]+>/g, '')
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/[ \t]+/g, ' ')
		.replace(/\n\s*\n\s*/g, '\n\n')
		.trim();
}

/** A mail from the project's template, with the variables GoTrue gives its templates. */
function renderCustom(template: EmailTemplate, input: MailInput): OutgoingMail {
	const data = {
		ConfirmationURL: input.confirmationUrl,
		Token: input.otp,
		TokenHash: input.tokenHash ?? '',
		SiteURL: input.siteUrl,
		RedirectTo: input.redirectTo ?? '',
		Email: input.email,
		NewEmail: input.newEmail ?? '',
		Data: input.data ?? {},
	};
	// Subjects are plain text: GoTrue renders them with the same data, one line.
	const subject = renderGoTemplate(template.subject, data, (text) => text)
		.replace(/\s+/g, ' ')
		.trim();
	const html = renderGoTemplate(template.content, data);
	return { to: [input.to], subject, html, text: `${textOf(html)}\n` };
}

export function renderMail(input: MailInput, custom?: EmailTemplate): OutgoingMail {
	if (custom) return renderCustom(custom, input);
	if (input.kind === 'reauthentication') return reauthenticationMail(input);
	const template = TEMPLATES[input.kind];
	const lead = template.lead(input);
	const html = [
		`<h2>${escapeHtml(template.heading)}</h2>`,
		`<p>${escapeHtml(lead)}</p>`,
		`<p><a href="${escapeHtml(input.confirmationUrl)}">${escapeHtml(template.action)}</a></p>`,
		`<p>Alternatively, enter the code: <strong>${escapeHtml(input.otp)}</strong></p>`,
	].join('\n');
	const text = `${template.heading}\n\n${lead}\n${input.confirmationUrl}\n\nCode: ${input.otp}\n`;
	return { to: [input.to], subject: template.subject, html, text };
}

/** GoTrue's default reauthentication mail: only the code, which the user types back. */
function reauthenticationMail(input: MailInput): OutgoingMail {
	const heading = 'Confirm reauthentication';
	const html = `<h2>${heading}</h2>\n\n<p>Enter the code: ${escapeHtml(input.otp)}</p>`;
	return {
		to: [input.to],
		subject: heading,
		html,
		text: `${heading}\n\nEnter the code: ${input.otp}\n`,
	};
}
