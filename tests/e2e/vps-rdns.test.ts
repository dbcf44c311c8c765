import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { e2eBackendFile } from './backend-file';
import { orderVps } from './vps-order';

// Issue 31, reverse DNS: the owner of a running VPS sets the PTR name of its IPv4 address on the
// VPS page. The name must already point at the address (the test publishes its A record in the
// site's embedded DNS first); a name that points elsewhere is refused, and the page says where it
// points, in English and in German.

const zone = 'play.frostnode.example';

/** Publishes A records in the embedded DNS's state file (scripts/e2e-server.ts keeps it). */
function publish(records: Record<string, string>) {
	const { dnsFile } = JSON.parse(readFileSync(e2eBackendFile, 'utf8')) as { dnsFile: string };
	const data = (
		existsSync(dnsFile) ? JSON.parse(readFileSync(dnsFile, 'utf8')) : { zones: {} }
	) as { zones: Record<string, Record<string, { ttl: number; contents: string[] }>> };
	const sets = (data.zones[zone] ??= {});
	for (const [name, ip] of Object.entries(records))
		sets[`${name} A`] = { ttl: 300, contents: [ip] };
	writeFileSync(`${dnsFile}.rdns-test`, JSON.stringify(data));
	renameSync(`${dnsFile}.rdns-test`, dnsFile);
}

function lookUpPtr(ipv4: string): string[] {
	const { dnsFile } = JSON.parse(readFileSync(e2eBackendFile, 'utf8')) as { dnsFile: string };
	const data = JSON.parse(readFileSync(dnsFile, 'utf8')) as {
		zones: Record<string, Record<string, { contents: string[] }>>;
	};
	const name = `${ipv4.split('.').reverse().join('.')}.in-addr.arpa`;
	return data.zones['113.0.203.in-addr.arpa']?.[`${name} PTR`]?.contents ?? [];
}

/** A VPS bought through checkout and the test gateway, running: its service id and IPv4. */
async function runningVps(page: Page): Promise<{ serviceId: string; ipv4: string }> {
	const orderId = await orderVps(page, { image: 'debian-12', hostname: 'rdns-e2e' });
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { id: string; vps: { ipv4: string } };
	};
	return { serviceId: status.service.id, ipv4: status.service.vps.ipv4 };
}

for (const { prefix, texts } of [
	{
		prefix: '',
		texts: {
			heading: 'Reverse DNS',
			field: 'Reverse DNS name',
			save: 'Save',
			saved: (ip: string, name: string) => `Saved: ${ip} now answers to ${name}.`,
			elsewhere: (ip: string, name: string) =>
				`Refused: ${name} resolves to 198.51.100.7, not to ${ip}.`,
		},
	},
	{
		prefix: '/de',
		texts: {
			heading: 'Reverse DNS',
			field: 'Reverse-DNS-Name',
			save: 'Speichern',
			saved: (ip: string, name: string) => `Gespeichert: ${ip} antwortet jetzt mit ${name}.`,
			elsewhere: (ip: string, name: string) =>
				`Abgelehnt: ${name} löst zu 198.51.100.7 auf, nicht zu ${ip}.`,
		},
	},
]) {
	test(`reverse DNS of a VPS address is set, and a name pointing elsewhere refused (${prefix || 'en'})`, async ({
		page,
	}) => {
		test.setTimeout(90_000);
		const { serviceId, ipv4 } = await runningVps(page);
		const tag = Math.random().toString(36).slice(2, 10);
		const good = `mail-${tag}.${zone}`;
		const wrong = `other-${tag}.${zone}`;
		publish({ [good]: ipv4, [wrong]: '198.51.100.7' });

		await page.goto(`${prefix}/panel/vps/${serviceId}`);
		// The page's other sections hydrate when seen; the reverse DNS forms must be live.
		await page.locator('[data-section=rdns]').scrollIntoViewIfNeeded();
		await expect(page.locator('astro-island[ssr]:has([data-rdns])')).toHaveCount(0);
		await expect(page.getByRole('heading', { level: 2, name: texts.heading })).toBeVisible();
		const form = page.locator(`[data-rdns="${ipv4}"]`);
		const field = form.getByRole('textbox', { name: texts.field });

		await field.fill(wrong);
		await form.getByRole('button', { name: texts.save }).click();
		await expect(form.getByRole('alert')).toContainText(texts.elsewhere(ipv4, wrong));
		expect(lookUpPtr(ipv4)).toEqual([]);

		await field.fill(good);
		await form.getByRole('button', { name: texts.save }).click();
		await expect(form.getByRole('status')).toHaveText(texts.saved(ipv4, good));
		expect(lookUpPtr(ipv4)).toEqual([good]);
		await page.reload();
		await expect(page.locator(`[data-rdns="${ipv4}"] [data-rdns-current]`)).toContainText(good);
		// Beside the address in the page's facts too.
		await expect(page.locator('[data-fact=ipv4] [data-ptr="4"]')).toHaveText(good);

		// Another customer's id is not found.
		const other = await page.request.post(
			`/api/services/00000000-0000-4000-8000-000000000000/rdns`,
			{
				data: { address: ipv4, ptr: good },
			},
		);
		expect(other.status()).toBe(404);
	});
}
