import { describe, expect, it } from 'vitest';
import { defaultReverseZones, readDnsConfig } from './config';
import { DnsConfigError } from './errors';
import { getDns } from './index';
import { reverseName } from './records';

describe('the DNS settings', () => {
	it('default to the embedded DNS on the site zone', () => {
		expect(readDnsConfig({})).toEqual({
			kind: 'embedded',
			zone: 'play.frostnode.example',
			reverseZones: defaultReverseZones,
			ttl: 300,
		});
		expect(
			readDnsConfig({ DNS_ZONE: 'Play.Example.', DNS_EMBEDDED_FILE: '.data/dns.json' }),
		).toEqual({
			kind: 'embedded',
			zone: 'play.example',
			reverseZones: defaultReverseZones,
			ttl: 300,
			file: '.data/dns.json',
		});
	});

	it('pick PowerDNS by its URL, with every setting it needs', () => {
		expect(
			readDnsConfig({
				POWERDNS_API_URL: 'https://dns.example/',
				POWERDNS_API_KEY: 'k',
				DNS_ZONE: 'play.example',
				DNS_REVERSE_ZONES: '2.0.192.in-addr.arpa',
				DNS_TTL: '120',
			}),
		).toEqual({
			kind: 'powerdns',
			url: 'https://dns.example',
			apiKey: 'k',
			serverId: 'localhost',
			zone: 'play.example',
			reverseZones: ['2.0.192.in-addr.arpa'],
			ttl: 120,
		});
	});

	it('list every problem at once, never the key, and never fall back to the embedded DNS', async () => {
		const read = () =>
			readDnsConfig({
				DNS_PROVIDER: 'powerdns',
				POWERDNS_API_URL: 'http://dns.example',
				POWERDNS_API_KEY: 'secret-key',
				DNS_TTL: '5',
				DNS_REVERSE_ZONES: 'example.com',
			});
		expect(read).toThrow(DnsConfigError);
		try {
			read();
		} catch (error) {
			const message = (error as Error).message;
			expect(message).toContain('DNS_ZONE is required');
			expect(message).toContain('https://');
			expect(message).toContain('DNS_TTL');
			expect(message).toContain('DNS_REVERSE_ZONES');
			expect(message).not.toContain('secret-key');
		}
		const dns = getDns({ DNS_PROVIDER: 'powerdns' });
		expect(dns.kind).toBe('powerdns');
		await expect(dns.probe()).rejects.toBeInstanceOf(DnsConfigError);
	});
});

describe('reverse names', () => {
	it('of the seed pool fall in the embedded default reverse zones', () => {
		const zones = readDnsConfig({}).reverseZones;
		expect(zones.some((z) => reverseName('203.0.113.7').endsWith(`.${z}`))).toBe(true);
		expect(zones.some((z) => reverseName('2001:db8:f05::10').endsWith(`.${z}`))).toBe(true);
		expect(readDnsConfig({ DNS_REVERSE_ZONES: '2.0.192.in-addr.arpa' }).reverseZones).toEqual([
			'2.0.192.in-addr.arpa',
		]);
	});

	it('reverse IPv4 octets and IPv6 nibbles', () => {
		expect(reverseName('192.0.2.10')).toBe('10.2.0.192.in-addr.arpa');
		expect(reverseName('2001:db8::1')).toBe(
			'1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
		);
	});
});
