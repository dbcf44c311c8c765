import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import { demo, signIn } from './backend';
import { billingCustomer, type BillingCustomer } from './fixtures';

// Support in the panel as customers use it: the empty list, a ticket refused for a missing field
// and then opened, a reply, closing and reopening, the prefilled form other pages link to, and
// another customer's ticket. Each flow that writes has a fresh customer of its own (the demo
// customer's two seeded tickets stay as they are for the reading and axe checks).

const demosOpenTicket = '22222222-0000-4000-8000-000000000001';
const demosClosedTicket = '22222222-0000-4000-8000-000000000002';
const demosPalworld = 'c0ffee00-0000-4000-8000-000000000101';

async function signedIn(page: Page, who: { email: string; password: string }, path = '/login') {
	await signIn(page, who, path);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
}

const thread = (page: Page) => page.locator('[data-ticket-thread]');
const threadStatus = (page: Page) => thread(page).locator('dd [data-status]');

test('opening a ticket, replying, closing and reopening it, in English', async ({ page }) => {
	const customer: BillingCustomer = await billingCustomer(0, 0);
	await signedIn(page, customer);
	await page.goto('/panel/support');
	await expect(page.locator('[data-no-tickets]')).toHaveText('No tickets found');
	const nav = page.getByRole('navigation', { name: 'Customer panel' });
	await expect(nav.getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');

	// A missing message is refused with the spec's words, and what was typed stays.
	await page.getByRole('button', { name: 'New ticket' }).click();
	await page.getByLabel('Subject', { exact: true }).fill('Palworld lags at night');
	await page.getByLabel('Department').selectOption('billing');
	await page.getByRole('button', { name: 'Send ticket' }).click();
	await expect(page.locator('[data-form-error]')).toHaveText('Please fill in all required fields');
	await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('aria-invalid', 'true');
	await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Palworld lags at night');
	await expect(page.getByLabel('Department')).toHaveValue('billing');
	await expect(page).toHaveURL(/\/panel\/support$/);

	await page.getByLabel('Department').selectOption('technical');
	await page.getByLabel('Related server (optional)').selectOption(customer.services[0]!);
	await page.getByLabel('Message', { exact: true }).fill('From 22:00 the server stutters.');
	await page.getByRole('button', { name: 'Send ticket' }).click();
	await expect(page).toHaveURL(/\/panel\/support\/tickets\/[0-9a-f-]{36}$/);
	await expect(thread(page).getByRole('heading', { level: 2 })).toHaveText(
		'Palworld lags at night',
	);
	await expect(thread(page)).toContainText('Palworld · World 1');
	await expect(thread(page)).toContainText('Technical');
	await expect(threadStatus(page)).toHaveText('Open: waiting for us');
	await expect(page.locator('[data-message=customer]')).toHaveCount(1);

	await page.getByLabel('Your reply').fill('It happens on weekends too.');
	await page.getByRole('button', { name: 'Send reply' }).click();
	await expect(page.locator('[data-support-notice=success]')).toHaveText('Your reply was sent.');
	await expect(page.locator('[data-message=customer]')).toHaveCount(2);
	await expect(page.getByLabel('Your reply')).toHaveValue('');

	await page.getByRole('button', { name: 'Close ticket' }).click();
	await expect(page.locator('[data-support-notice=success]')).toHaveText('The ticket is closed.');
	await expect(threadStatus(page)).toHaveText('Closed');
	await expect(
		page.getByText('This ticket is closed. Sending a reply opens it again.'),
	).toBeVisible();

	await page.getByRole('button', { name: 'Reopen ticket' }).click();
	await expect(page.locator('[data-support-notice=success]')).toHaveText(
		'The ticket is open again.',
	);
	await expect(threadStatus(page)).toHaveAttribute('data-status', 'open');

	// A reply to a closed ticket opens it again.
	await page.getByRole('button', { name: 'Close ticket' }).click();
	await expect(threadStatus(page)).toHaveAttribute('data-status', 'closed');
	await page.getByLabel('Your reply').fill('Sorry, one more thing.');
	await page.getByRole('button', { name: 'Send reply' }).click();
	await expect(threadStatus(page)).toHaveAttribute('data-status', 'open');
	await expect(page.locator('[data-message=customer]')).toHaveCount(3);
	await expect(page.getByRole('button', { name: 'Close ticket' })).toBeVisible();

	await page.getByRole('link', { name: 'All tickets' }).click();
	const rows = page.locator('[data-ticket-table] tbody tr');
	await expect(rows).toHaveCount(1);
	await expect(rows.first()).toContainText('Palworld lags at night');
	await expect(rows.first().locator('[data-status]')).toHaveText('Open: waiting for us');

	// Someone else's ticket, a missing one and a malformed one look the same.
	for (const id of [demosOpenTicket, '00000000-0000-4000-8000-000000000000', 'not-a-ticket']) {
		await page.goto(`/panel/support/tickets/${id}`);
		await expect(page.getByRole('alert')).toHaveText('Ticket not found');
	}
});

test('the prefilled form from a link, refused and then sent, in German', async ({ page }) => {
	const customer = await billingCustomer(0, 0);
	const server = customer.services[0]!;
	await signedIn(page, customer, '/de/login');

	// Unknown department and someone else's server: technical, and no server.
	await page.goto(
		`/de/panel/support?compose=1&subject=Frage&department=admin&service=${demosPalworld}`,
	);
	await expect(page.getByLabel(de['support.field.department'])).toHaveValue('technical');
	await expect(page.getByLabel(de['support.field.service'])).toHaveValue('');
	await expect(page.locator('[data-no-tickets]')).toHaveText('Keine Tickets gefunden');

	const query = new URLSearchParams({
		compose: '1',
		subject: 'Modpack installieren',
		department: 'sales',
		service: server,
		message: 'Hallo,\nwie installiere ich ein Modpack?',
	});
	await page.goto(`/de/panel/support?${query.toString()}`);
	const subject = page.getByLabel(de['support.field.subject'], { exact: true });
	const message = page.getByLabel(de['support.field.message'], { exact: true });
	await expect(subject).toHaveValue('Modpack installieren');
	await expect(page.getByLabel(de['support.field.department'])).toHaveValue('sales');
	await expect(page.getByLabel(de['support.field.service'])).toHaveValue(server);
	await expect(message).toHaveValue('Hallo,\nwie installiere ich ein Modpack?');

	await subject.fill('');
	await page.getByRole('button', { name: de['support.new.submit'] }).click();
	await expect(page.locator('[data-form-error]')).toHaveText(
		'Bitte fülle alle erforderlichen Felder aus',
	);
	await expect(message).toHaveValue('Hallo,\nwie installiere ich ein Modpack?');

	await subject.fill('Modpack installieren');
	await page.getByRole('button', { name: de['support.new.submit'] }).click();
	await expect(page).toHaveURL(/\/de\/panel\/support\/tickets\/[0-9a-f-]{36}$/);
	await expect(threadStatus(page)).toHaveText(de['support.status.open']);
	await expect(thread(page)).toContainText(de['support.department.sales']);

	await page.getByRole('button', { name: de['support.close'] }).click();
	await expect(page.locator('[data-support-notice=success]')).toHaveText(
		de['support.notice.closed'],
	);
	await page.getByRole('button', { name: de['support.reopen'] }).click();
	await expect(threadStatus(page)).toHaveText(de['support.status.open']);
});

test('the demo customer’s tickets: the list and a thread with a staff reply', async ({ page }) => {
	await signedIn(page, demo);
	await page.goto('/panel/support');
	const rows = page.locator('[data-ticket-table] tbody tr');
	await expect(
		rows.filter({ hasText: 'Rust server suspended after payment reminder' }),
	).toHaveCount(1);
	await page.getByRole('link', { name: 'How do I install a Fabric modpack?' }).click();
	await expect(page).toHaveURL(new RegExp(`/panel/support/tickets/${demosClosedTicket}$`));
	const staff = page.locator('[data-message=staff]');
	await expect(staff).toHaveCount(1);
	await expect(staff).toContainText('Frostnode support');
	await expect(staff).toContainText('Staff');
	await expect(staff).toContainText('Open the panel, choose Modpacks');
	await expect(page.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();
});

for (const prefix of ['', '/de']) {
	test(`axe finds nothing on the support pages (${prefix || '/'})`, async ({ page }) => {
		await signedIn(page, demo, `${prefix}/login`);
		for (const path of [
			'/panel/support',
			'/panel/support?compose=1&subject=Axe',
			`/panel/support/tickets/${demosClosedTicket}`,
			`/panel/support/tickets/${demosOpenTicket}`,
		]) {
			await page.goto(prefix + path);
			await expect(page.locator('[data-skeleton]')).toHaveCount(0);
			await expectNoAxeViolations(page);
		}
	});
}
