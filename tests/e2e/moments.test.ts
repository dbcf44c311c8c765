import { expect, test } from './test';
import { signIn } from './backend';
import { admin, newAccount } from './fixtures';
import { staffSignIn } from './staff';
import { signOut } from './two-factor-steps';

// One moment as the customer and staff see it: a ticket opened at 04:52 UTC on a winter day. The
// customer's browser is in New York, to show the panel does not take the browser's zone: both
// sides read the same time, and the zone it is in.

test.use({ timezoneId: 'America/New_York' });

const opened = '2026-12-07T04:52:00Z';
const shown = /Dec 7, 2026, 5:52\sAM GMT\+1/;

test('a ticket’s time is the same, with its zone, for the customer and for staff', async ({
	page,
}) => {
	test.setTimeout(120_000);
	const customer = await newAccount('moments');
	await signIn(page, customer);
	await expect(page).toHaveURL(/\/panel$/);
	const answer = await page.request.post('/api/tickets', {
		data: { subject: 'Lag at night', department: 'technical', message: 'It stutters.' },
	});
	expect(answer.status()).toBe(201);
	const { id } = (await answer.json()) as { id: string };
	// Opened at a moment of the test's choosing.
	const db = admin();
	await db.from('tickets').update({ created_at: opened }).eq('id', id);
	await db.from('ticket_messages').update({ created_at: opened }).eq('ticket_id', id);

	await page.goto(`/panel/support/tickets/${id}`);
	await expect(page.locator('[data-ticket-thread]')).toBeVisible();
	const times = page.locator('[data-ticket-thread] time');
	await expect(times).toHaveCount(2); // opened, and its one message
	for (const time of await times.all()) await expect(time).toHaveText(shown);
	await signOut(page);

	await staffSignIn(page, '', 'staff-moments');
	await page.goto(`/staff/tickets/${id}`);
	const staffTimes = page.locator('main time');
	await expect(staffTimes).toHaveCount(2);
	for (const time of await staffTimes.all()) await expect(time).toHaveText(shown);
});
