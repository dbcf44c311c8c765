import { expect, test, type Page } from './test';
import { mailbox } from './backend';
import { admin, newAccount } from './fixtures';
import { islandsHydrated } from './islands';
import { orderVps } from './vps-order';

// Issue 39 item 8: the VPS page's destructive actions. The root password is reset only after the
// customer confirms; a reinstall starts from the image the machine runs now, says why an image its
// memory is too small for is off, and the Power section follows the reinstalled machine; each
// action mails the owner in their language, never with the password.

interface Mail {
	to: string[];
	subject: string;
	html: string;
	text: string;
}

async function mailsTo(address: string): Promise<Mail[]> {
	const { messages } = (await (await fetch(`${mailbox}/api/messages`)).json()) as {
		messages: Mail[];
	};
	return messages.filter((m) => m.to.includes(address));
}

/** The one mail to `address` whose subject matches, waiting for it to arrive. */
async function mailTo(address: string, subject: RegExp): Promise<Mail> {
	await expect
		.poll(async () => (await mailsTo(address)).filter((m) => subject.test(m.subject)).length)
		.toBe(1);
	return (await mailsTo(address)).find((m) => subject.test(m.subject))!;
}

/** A running 2 GB Debian VPS of `account`'s, its page open and hydrated; its service id. */
async function runningVps(page: Page, account: { email: string; password: string }, host: string) {
	const orderId = await orderVps(page, { image: 'debian-12', hostname: host }, { account });
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { id: string };
	};
	await page.goto(`/panel/vps/${status.service.id}`);
	await islandsHydrated(page, 'onLoad');
	return status.service.id;
}

const background = (page: Page, selector: string) =>
	page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);

test('the root password is reset only when confirmed, and the owner is mailed without it', async ({
	page,
}) => {
	test.setTimeout(120_000);
	const account = await newAccount('vps-reset');
	await runningVps(page, account, 'reset-e2e');

	// A running machine's Start is off, and does not look like the button to press.
	await expect(page.locator('[data-power=start]')).toBeDisabled();
	expect(await background(page, '[data-power=start]')).toBe(
		await background(page, '[data-power=shutdown]'),
	);

	const section = page.locator('[data-vps-password-reset]');
	await section.getByRole('button', { name: 'Reset password' }).click();
	await expect(section.locator('[data-reset-confirm]')).toContainText(
		'The current password for root stops working',
	);
	await expect(section.locator('[data-password-value]')).toHaveCount(0);
	await section.getByRole('button', { name: 'Keep the current password' }).click();
	await expect(section.locator('[data-reset-confirm]')).toHaveCount(0);
	await expect(section.locator('[data-password-value]')).toHaveCount(0);

	await section.getByRole('button', { name: 'Reset password' }).click();
	await section.getByRole('button', { name: 'Reset it now' }).click();
	const value = section.locator('[data-password-value]');
	await expect(value).toHaveText(/^[A-Za-z2-9]{20}$/);
	const password = (await value.textContent())!;

	const mail = await mailTo(account.email, /password/);
	expect(mail.subject).toBe('The root password of your VPS reset-e2e was reset');
	expect(mail.text).toContain('If this was not you');
	expect(mail.text).toContain('/panel/vps/');
	expect(mail.text).not.toContain(password);
	expect(mail.html).not.toContain(password);

	// The graphs have a scale in their unit and times, and a VPS made minutes ago has no day of history.
	await page.locator('#vps-graphs').scrollIntoViewIfNeeded();
	await expect(page.locator('[data-graphs-ready=hour]')).toBeVisible();
	await expect(page.locator('[data-graph=cpu] [data-y-axis]')).toHaveText('0%50%100%');
	await expect(page.locator('[data-graph=network] [data-y-axis]')).toContainText('B/s');
	await expect(page.locator('[data-graph=memory] [data-y-axis]')).toContainText('2 GB');
	await expect(page.locator('[data-graph=cpu] [data-x-axis] span').first()).toHaveText(
		/^\d{1,2}:\d\d( [AP]M)?$/,
	);
	await expect(page.locator('[data-graphs-range]')).toHaveText(
		/^From \d{1,2}:\d\d( [AP]M)? to \d{1,2}:\d\d( [AP]M)?, times in \S+$/,
	);
	await expect(page.locator('[data-graph=cpu]')).toContainText(/average .+, peak /);
	await page.locator('[data-timeframe=day]').click();
	await expect(page.locator('[data-graphs-ready=day]')).toBeVisible();
	await expect(page.locator('[data-graph=cpu]')).toHaveAttribute('data-points', /^[12]$/);
});

test('a reinstall starts from the current image, says why Windows is off, and the page follows it', async ({
	page,
}) => {
	test.setTimeout(150_000);
	const account = await newAccount('vps-reinstall-mail');
	const id = await runningVps(page, account, 'again-e2e');
	// The owner reads Norwegian: their mails are in it, whatever page they act on.
	const { data: user } = await admin().auth.admin.listUsers({ perPage: 1000 });
	const userId = user.users.find((u) => u.email === account.email)!.id;
	const saved = await admin().from('profiles').update({ preferred_locale: 'no' }).eq('id', userId);
	expect(saved.error).toBeNull();

	const form = page.locator('[data-vps-reinstall]');
	const image = form.locator('select[name=image]');
	await expect(image).toHaveValue('debian-12');
	// 2 GB: Windows is offered, off, and the page says why.
	const windows = image.locator('option[value=windows-server-2022]');
	await expect(windows).toBeDisabled();
	await expect(windows).toContainText('needs at least 4 GB RAM');
	await expect(form.locator('[data-image-ram]')).toHaveText(
		'Windows Server 2022 needs at least 4 GB RAM; this server has 2 GB. Upgrade it to install Windows Server 2022.',
	);

	// Stopped first: after the reinstall the machine runs again, and the page shows it without a reload.
	await page.locator('[data-power=stop]').click();
	const state = page.locator('[data-vps-state]');
	await expect(state).toHaveAttribute('data-vps-state', 'stopped');

	await image.selectOption('ubuntu-24.04');
	await expect(form.locator('[data-reinstall-outcome]')).toHaveText(
		'No SSH key chosen: a new password for root is made and shown once.',
	);
	await form.locator('input[name=confirm]').fill('again-e2e');
	await form.getByRole('button', { name: 'Reinstall and delete everything' }).click();
	const done = page.locator('[data-vps-reinstalled]');
	await expect(done).toContainText('Reinstalled with Ubuntu', { timeout: 30_000 });
	const password = (await done.locator('[data-password-value]').textContent())!;
	await expect(state).toHaveAttribute('data-vps-state', 'running', { timeout: 30_000 });
	await expect(page.locator('[data-power=start]')).toBeDisabled();

	const mail = await mailTo(account.email, /Ubuntu/);
	expect(mail.subject).toBe('VPS-en din again-e2e er installert på nytt med Ubuntu 24.04 LTS');
	expect(mail.text).toContain(`/no/panel/vps/${id}`);
	expect(mail.text).not.toContain(password);
	expect(mail.html).not.toContain(password);

	// The next reinstall starts from what the machine runs now, not from the list's first image.
	await page.reload();
	await islandsHydrated(page, 'onLoad');
	await expect(image).toHaveValue('ubuntu-24.04');
	await expect(image.locator('option:checked')).toHaveText('Ubuntu 24.04 LTS (installed now)');
});
