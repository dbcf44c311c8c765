import type { TOTP } from 'otpauth';
import { expect, type Page } from '@playwright/test';
import { signIn } from './backend';
import { admin, newAccount } from './fixtures';
import { enterCode, nextCode, signOut, turnOn } from './two-factor-steps';

// Staff as the console needs them: an account of the test's own with two-factor sign-in turned on
// through the Security tab, the staff role granted as `npm run staff:add` grants it, and signed in
// again with password and code (aal2). `prefix` is the language's path prefix ('' or '/de').

export interface StaffMember {
	email: string;
	password: string;
	app: TOTP;
}

export async function grantStaff(email: string): Promise<void> {
	const { data, error } = await admin().rpc('grant_staff', { email });
	if (error || data !== 'granted') throw new Error(error?.message ?? `grant_staff: ${data}`);
}

export async function staffSignIn(page: Page, prefix = '', name = 'staff'): Promise<StaffMember> {
	const account = await newAccount(name);
	await signIn(page, account, `${prefix}/login`);
	await expect(page).toHaveURL(new RegExp(`${prefix}/panel$`));
	const { app } = await turnOn(page, prefix);
	await grantStaff(account.email);
	await signOut(page);
	await signIn(page, account, `${prefix}/login?next=${encodeURIComponent(`${prefix}/staff`)}`);
	await expect(page).toHaveURL(/\/login\/code\?next=/);
	await enterCode(page, nextCode(app));
	await expect(page).toHaveURL(new RegExp(`${prefix}/staff$`));
	return { ...account, app };
}
