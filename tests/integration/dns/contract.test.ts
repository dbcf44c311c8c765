import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsContract } from './suite.ts';
import { createEmbeddedDns, lookUpEmbedded } from '../../../src/server/dns/embedded.ts';
import { DnsError, DnsNotFoundError, DnsUnavailableError } from '../../../src/server/dns/errors.ts';
import { createPowerDns } from '../../../src/server/dns/powerdns.ts';
import { subdomainChange } from '../../../src/server/dns/records.ts';
import { fakeApiKey, startFakePowerDns, type FakePowerDns } from './fake-powerdns.ts';

// One contract, both implementations: the embedded default (in memory and in a state file) and the
// PowerDNS adapter in front of a fake PowerDNS that checks requests the way the real one does.

const zone = 'play.test.example';
const reverse = '2.0.192.in-addr.arpa';
const reverse6 = '8.b.d.0.1.0.0.2.ip6.arpa';
const common = { zone, reverseZones: [reverse, reverse6], ttl: 300 };

let fake: FakePowerDns;
let dir: string;
beforeAll(async () => {
	fake = await startFakePowerDns([zone, reverse, reverse6]);
	dir = await mkdtemp(join(tmpdir(), 'dns-'));
});
afterAll(() => fake.close());

let files = 0;
dnsContract('embedded, in memory', () =>
	Promise.resolve(createEmbeddedDns({ kind: 'embedded', ...common })),
);
dnsContract('embedded, in a file', () =>
	Promise.resolve(
		createEmbeddedDns({ kind: 'embedded', ...common, file: join(dir, `dns-${++files}.json`) }),
	),
);
const powerDns = (overrides: { apiKey?: string; url?: string } = {}) =>
	createPowerDns({
		kind: 'powerdns',
		url: fake.url,
		apiKey: fakeApiKey,
		serverId: 'localhost',
		...common,
		...overrides,
	});
dnsContract('PowerDNS', () => {
	for (const records of fake.zones.values()) records.clear();
	return Promise.resolve(powerDns());
});

describe('the PowerDNS adapter', () => {
	it('sends one PATCH per change: canonical names, REPLACE with ttl, DELETE without', async () => {
		fake.seen.length = 0;
		await powerDns().change(
			subdomainChange('sent', zone, { host: '192.0.2.30', port: 25_566 }, 'minecraft'),
		);
		expect(fake.seen).toHaveLength(1);
		const [request] = fake.seen;
		expect(request).toMatchObject({
			method: 'PATCH',
			path: '/api/v1/servers/localhost/zones/play.test.example.',
			headers: { 'x-api-key': fakeApiKey, 'content-type': 'application/json' },
		});
		const rrsets = (request!.body as { rrsets: Record<string, unknown>[] }).rrsets;
		expect(rrsets).toContainEqual({
			name: 'sent.play.test.example.',
			type: 'AAAA',
			changetype: 'DELETE',
		});
		expect(rrsets).toContainEqual({
			name: 'sent.play.test.example.',
			type: 'A',
			ttl: 300,
			changetype: 'REPLACE',
			records: [{ content: '192.0.2.30', disabled: false }],
		});
		expect(rrsets).toContainEqual({
			name: '_minecraft._tcp.sent.play.test.example.',
			type: 'SRV',
			ttl: 300,
			changetype: 'REPLACE',
			records: [{ content: '0 5 25566 sent.play.test.example.', disabled: false }],
		});
	});

	it('says what failed: a wrong key, an unknown zone, an outage (retryable)', async () => {
		const change = subdomainChange('x1', zone, { host: '192.0.2.31', port: 25_565 }, 'minecraft');
		const wrongKey = powerDns({ apiKey: 'wrong' }).change(change);
		await expect(wrongKey).rejects.toBeInstanceOf(DnsError);
		await expect(wrongKey).rejects.toMatchObject({ status: 401, retryable: false });
		const missing = createPowerDns({
			kind: 'powerdns',
			url: fake.url,
			apiKey: fakeApiKey,
			serverId: 'localhost',
			zone: 'missing.test.example',
			reverseZones: [],
			ttl: 300,
		});
		await expect(missing.probe()).rejects.toBeInstanceOf(DnsNotFoundError);
		fake.failNext(503);
		await expect(powerDns().change(change)).rejects.toBeInstanceOf(DnsUnavailableError);
		await expect(powerDns({ url: 'http://127.0.0.1:9' }).change(change)).rejects.toMatchObject({
			retryable: true,
		});
	});
});

describe('the embedded DNS state file', () => {
	it('is read by the operator and the tests the way the site wrote it', async () => {
		const file = join(dir, 'shared.json');
		const site = createEmbeddedDns({ kind: 'embedded', ...common, file });
		await site.change(
			subdomainChange('shared', zone, { host: '192.0.2.40', port: 25_565 }, 'minecraft'),
		);
		expect(lookUpEmbedded(file, 'shared.play.test.example', 'A')).toEqual(['192.0.2.40']);
		const other = createEmbeddedDns({ kind: 'embedded', ...common, file });
		expect(await other.lookup('_minecraft._tcp.shared.play.test.example', 'SRV')).toEqual([
			'0 5 25565 shared.play.test.example',
		]);
		expect(JSON.parse(await readFile(file, 'utf8'))).toHaveProperty('zones');
	});
});
