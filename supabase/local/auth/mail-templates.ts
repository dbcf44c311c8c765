import type { OutgoingMail } from '../mailbox/store.ts';

// GoTrue's default e-mail templates (subject and body wording of a hosted project), plus the
// one-time code a custom template would show with {{ .Token }}, handy when testing by hand.

export type MailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

export interface MailInput {
	kind: MailKind;
	to: string;
	confirmationUrl: string;
	otp: string;
	siteUrl: string;
	email: string;
	newEmail?: string;
}

export function escapeHtml(value: string): string {
	return value
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;')
		.replaceAll("'", '&#39;');
}

const TEMPLATES: Record<
	MailKind,
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

export function renderMail(input: MailInput): OutgoingMail {
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
