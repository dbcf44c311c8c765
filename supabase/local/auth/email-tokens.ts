import { createHash, randomInt } from 'node:crypto';
import type { Transaction } from '../db/database.ts';
import { authUrl } from './context.ts';
import type { AuthContext } from './context.ts';
import { tooManyRequests } from './errors.ts';
import { renderMail } from './mail-templates.ts';
import type { LinkMailKind } from './template-config.ts';
import type { OutgoingMail } from '../mailbox/store.ts';
import { updateUser } from './users.ts';
import type { UserRow } from './users.ts';

// One-time tokens mailed to users. Like GoTrue, the stored token is hex(sha224(email + otp)): the
// link carries the hash, the mail shows the 6-digit code, and either proves the mail was received.
// PKCE tokens get a `pkce_` prefix so following the link knows to redirect with ?code=.

export type TokenKind = LinkMailKind;

const COLUMNS: Record<TokenKind, { token: string; sentAt: string }> = {
	signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
	invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
	magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
	recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
	email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
};

export function generateOtp(): string {
	return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function tokenHash(address: string, otp: string): string {
	return createHash('sha224')
		.update(address.toLowerCase() + otp)
		.digest('hex');
}

/** Strips the flow prefix so an OTP typed by hand matches a token stored for a PKCE link. */
export function bareToken(stored: string | null): string {
	return (stored ?? '').replace(/^pkce_/, '');
}

/** GoTrue's max_frequency check, on the sent_at column of this kind of mail. */
export function assertMailFrequency(ctx: AuthContext, user: UserRow, kind: TokenKind): void {
	assertSentLongAgo(ctx, user[COLUMNS[kind].sentAt as keyof UserRow] as Date | null);
}

/** GoTrue's validateSentWithinFrequencyLimit: the last mail of a kind at least max_frequency ago. */
export function assertSentLongAgo(ctx: AuthContext, sentAt: Date | null): void {
	if (!sentAt) return;
	const waitUntil = sentAt.getTime() + ctx.settings.mailMinIntervalSeconds * 1000;
	const left = Math.ceil((waitUntil - Date.now()) / 1000);
	if (left > 0) {
		throw tooManyRequests(
			'over_email_send_rate_limit',
			`For security purposes, you can only request this after ${left} seconds.`,
		);
	}
}

export interface IssuedToken {
	otp: string;
	hashedToken: string;
	actionLink: string;
	user: UserRow;
	/** Sent by the caller after its transaction commits, so a rolled-back request mails nothing. */
	mail: OutgoingMail;
}

/**
 * Stores a fresh token of `kind` on the user and builds its link and mail. `address` and
 * `tokenColumn` let an e-mail change send one token to each address.
 */
export async function issueEmailToken(
	ctx: AuthContext,
	tx: Transaction,
	user: UserRow,
	kind: TokenKind,
	options: { redirectTo: string; pkce: boolean; address?: string; tokenColumn?: string },
): Promise<IssuedToken> {
	const address = options.address ?? user.email ?? '';
	const otp = generateOtp();
	const hashedToken = tokenHash(address, otp);
	const stored = options.pkce ? `pkce_${hashedToken}` : hashedToken;
	const columns = COLUMNS[kind];
	const updated = await updateUser(tx, user.id, {
		[options.tokenColumn ?? columns.token]: stored,
		[columns.sentAt]: new Date(),
	});
	const link = new URL(`${authUrl(ctx)}/verify`);
	link.searchParams.set('token', stored);
	link.searchParams.set('type', kind);
	link.searchParams.set('redirect_to', options.redirectTo);
	const actionLink = link.toString();
	const mail = renderMail(
		{
			kind,
			to: address,
			confirmationUrl: actionLink,
			otp,
			siteUrl: ctx.settings.siteUrl,
			email: user.email ?? '',
			newEmail: updated.email_change ?? undefined,
			data: updated.raw_user_meta_data,
			redirectTo: options.redirectTo,
			tokenHash: hashedToken,
		},
		ctx.settings.emailTemplates[kind],
	);
	return { otp, hashedToken, actionLink, user: updated, mail };
}

export function tokenColumn(kind: TokenKind): string {
	return COLUMNS[kind].token;
}

export function sentAtColumn(kind: TokenKind): string {
	return COLUMNS[kind].sentAt;
}
