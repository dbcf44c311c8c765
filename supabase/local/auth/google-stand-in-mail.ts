import type { AuthContext } from './context.ts';
import { escapeHtml } from './escape-html.ts';
import { CODE_LIFETIME_MINUTES } from './google-stand-in-proofs.ts';

// The stand-in's one mail: the code that proves the address, sent to the local mailbox like every
// mail of the stack, from a sender that says what it is.

const SENDER = 'Google sign-in stand-in (local stack) <stand-in@mail.local.supabase>';

export function mailStandInCode(ctx: AuthContext, email: string, code: string): void {
	const lines = [
		`Code: ${code}`,
		`Enter it on the Google sign-in stand-in page to sign in as ${email}. It works once, for ${CODE_LIFETIME_MINUTES} minutes.`,
		'If you did not ask for it, ignore this mail: nobody signs in as you without the code.',
		'This mail comes from the local Supabase stack, which plays Google sign-in offline.',
	];
	ctx.mailbox.send({
		from: SENDER,
		to: [email],
		subject: 'Your Google sign-in stand-in code',
		text: lines.join('\n\n'),
		html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
	});
}
