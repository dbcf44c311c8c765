import { describe, expect, it } from 'vitest';
import { DnsValidationError } from '../../../src/server/dns/errors.ts';
import {
	machineSubdomainChange,
	reverseChange,
	subdomainChange,
	subdomainKeys,
} from '../../../src/server/dns/records.ts';
import { createEmbeddedResolver } from '../../../src/server/dns/resolver.ts';
import type { DnsPort } from '../../../src/server/dns/types.ts';
import { confirmForward } from '../../../src/server/reverse-dns/forward.ts';

/**
 * The one behaviour every DNS implementation must have, run by contract.test.ts against each (the
 * embedded default and the PowerDNS adapter in front of a fake PowerDNS): records written can be looked up,
 * replaced and removed; what PowerDNS refuses is refused. `make` gives a fresh port on the zone
 * `play.test.example` with the reverse zones `2.0.192.in-addr.arpa` and
 * `8.b.d.0.1.0.0.2.ip6.arpa` (2001:db8::/32).
 */
export function dnsContract(name: string, make: () => Promise<DnsPort>) {
	describe(`${name}: the DNS port`, () => {
		const zone = 'play.test.example';

		it('publishes a Minecraft subdomain: A and SRV, looked up as written', async () => {
			const dns = await make();
			await dns.change(
				subdomainChange('frost', zone, { host: '192.0.2.10', port: 25_565 }, 'minecraft'),
			);
			expect(await dns.lookup('frost.play.test.example', 'A')).toEqual(['192.0.2.10']);
			expect(await dns.lookup('_minecraft._tcp.frost.play.test.example', 'SRV')).toEqual([
				'0 5 25565 frost.play.test.example',
			]);
			expect(await dns.lookup('FROST.play.test.example.', 'A')).toEqual(['192.0.2.10']);
			expect(await dns.lookup('other.play.test.example', 'A')).toEqual([]);
		});

		it("makes a VPS's name: A and AAAA at once, over what a game server's name held", async () => {
			const dns = await make();
			await dns.change(
				subdomainChange(
					'machine',
					zone,
					{ host: 'node1.panel.test.example', port: 25_565 },
					'minecraft',
				),
			);
			await dns.change(
				machineSubdomainChange('machine', zone, { ipv4: '192.0.2.20', ipv6: '2001:db8::20' }),
			);
			const name = 'machine.play.test.example';
			expect(await dns.lookup(name, 'A')).toEqual(['192.0.2.20']);
			expect(await dns.lookup(name, 'AAAA')).toEqual(['2001:db8::20']);
			expect(await dns.lookup(name, 'CNAME')).toEqual([]);
			expect(await dns.lookup(`_minecraft._tcp.${name}`, 'SRV')).toEqual([]);
			// A machine without IPv6 keeps no AAAA record from before.
			await dns.change(machineSubdomainChange('machine', zone, { ipv4: '192.0.2.21', ipv6: null }));
			expect(await dns.lookup(name, 'A')).toEqual(['192.0.2.21']);
			expect(await dns.lookup(name, 'AAAA')).toEqual([]);
		});

		it('replaces: a new address, IPv6, a host name (CNAME), no SRV for other games', async () => {
			const dns = await make();
			await dns.change(
				subdomainChange('moves', zone, { host: '192.0.2.10', port: 25_565 }, 'minecraft'),
			);
			await dns.change(
				subdomainChange('moves', zone, { host: '192.0.2.11', port: 25_570 }, 'minecraft'),
			);
			expect(await dns.lookup('moves.play.test.example', 'A')).toEqual(['192.0.2.11']);
			expect(await dns.lookup('_minecraft._tcp.moves.play.test.example', 'SRV')).toEqual([
				'0 5 25570 moves.play.test.example',
			]);
			await dns.change(
				subdomainChange('moves', zone, { host: '2001:db8::7', port: 8211 }, 'palworld'),
			);
			expect(await dns.lookup('moves.play.test.example', 'A')).toEqual([]);
			expect(await dns.lookup('moves.play.test.example', 'AAAA')).toEqual(['2001:db8::7']);
			expect(await dns.lookup('_minecraft._tcp.moves.play.test.example', 'SRV')).toEqual([]);
			await dns.change(
				subdomainChange(
					'moves',
					zone,
					{ host: 'node1.panel.test.example', port: 25_565 },
					'minecraft',
				),
			);
			expect(await dns.lookup('moves.play.test.example', 'AAAA')).toEqual([]);
			expect(await dns.lookup('moves.play.test.example', 'CNAME')).toEqual([
				'node1.panel.test.example',
			]);
			expect(await dns.lookup('_minecraft._tcp.moves.play.test.example', 'SRV')).toEqual([
				'0 5 25565 node1.panel.test.example',
			]);
		});

		it('removes every record of a label, and removing again is fine', async () => {
			const dns = await make();
			await dns.change(
				subdomainChange('gone', zone, { host: '192.0.2.12', port: 25_565 }, 'minecraft'),
			);
			await dns.change({ remove: subdomainKeys('gone', zone) });
			await dns.change({ remove: subdomainKeys('gone', zone) });
			expect(await dns.lookup('gone.play.test.example', 'A')).toEqual([]);
			expect(await dns.lookup('_minecraft._tcp.gone.play.test.example', 'SRV')).toEqual([]);
		});

		it('writes reverse DNS in its reverse zone', async () => {
			const dns = await make();
			await dns.change(reverseChange('192.0.2.20', 'vps-1.play.test.example'));
			expect(await dns.lookup('20.2.0.192.in-addr.arpa', 'PTR')).toEqual([
				'vps-1.play.test.example',
			]);
			await dns.change(reverseChange('192.0.2.20', null));
			expect(await dns.lookup('20.2.0.192.in-addr.arpa', 'PTR')).toEqual([]);
		});

		it('writes IPv6 reverse DNS under its nibble name, and removes it', async () => {
			const dns = await make();
			const nibbles = 'a.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.5.0.f.0.8.b.d.0.1.0.0.2.ip6.arpa';
			await dns.change(reverseChange('2001:db8:f05::a', 'vps-6.play.test.example'));
			expect(await dns.lookup(nibbles, 'PTR')).toEqual(['vps-6.play.test.example']);
			await dns.change(reverseChange('2001:0db8:0f05:0:0:0:0:000a', 'other.play.test.example'));
			expect(await dns.lookup(nibbles, 'PTR')).toEqual(['other.play.test.example']);
			await dns.change(reverseChange('2001:db8:f05::a', null));
			expect(await dns.lookup(nibbles, 'PTR')).toEqual([]);
			// A PTR naming something that is not a host name is refused like PowerDNS refuses it.
			await expect(
				dns.change(reverseChange('2001:db8:f05::a', 'bad name.example')),
			).rejects.toBeInstanceOf(DnsValidationError);
		});

		it('forward-confirms a PTR name from its records: matching, missing, elsewhere', async () => {
			const dns = await make();
			const resolver = createEmbeddedResolver(
				dns,
				new Map([['mail.customer.example', ['198.51.100.9']]]),
			);
			await dns.change({
				replace: [
					{ name: 'fwd.play.test.example', type: 'A', contents: ['192.0.2.40'] },
					{ name: 'fwd.play.test.example', type: 'AAAA', contents: ['2001:db8::40'] },
				],
			});
			expect(await confirmForward(resolver, 'fwd.play.test.example', '192.0.2.40')).toEqual({
				ok: true,
			});
			expect(
				await confirmForward(resolver, 'fwd.play.test.example', '2001:0db8:0:0::0040'),
			).toEqual({ ok: true });
			expect(await confirmForward(resolver, 'fwd.play.test.example', '192.0.2.41')).toEqual({
				ok: false,
				reason: 'resolves_elsewhere',
				found: ['192.0.2.40'],
			});
			expect(await confirmForward(resolver, 'none.play.test.example', '192.0.2.40')).toEqual({
				ok: false,
				reason: 'not_resolving',
			});
			// Outside the DNS's zones only the given map answers.
			expect(await confirmForward(resolver, 'mail.customer.example', '192.0.2.40')).toEqual({
				ok: false,
				reason: 'resolves_elsewhere',
				found: ['198.51.100.9'],
			});
			expect(await confirmForward(resolver, 'nobody.else.example', '2001:db8::40')).toEqual({
				ok: false,
				reason: 'not_resolving',
			});
		});

		it('refuses what PowerDNS refuses, and keeps what was there', async () => {
			const dns = await make();
			await dns.change(
				subdomainChange('kept', zone, { host: '192.0.2.13', port: 25_565 }, 'minecraft'),
			);
			const refused = [
				// Out of zone, forward and reverse.
				{ replace: [{ name: 'kept.other.example', type: 'A' as const, contents: ['192.0.2.1'] }] },
				reverseChange('198.51.100.1', 'x.play.test.example'),
				// A bad name, a bad address, a bad SRV.
				{
					replace: [
						{ name: 'bad_name!.play.test.example', type: 'A' as const, contents: ['192.0.2.1'] },
					],
				},
				{
					replace: [
						{ name: 'kept.play.test.example', type: 'A' as const, contents: ['300.1.1.1'] },
					],
				},
				{
					replace: [
						{ name: 'kept.play.test.example', type: 'AAAA' as const, contents: ['192.0.2.1'] },
					],
				},
				{
					replace: [
						{
							name: '_minecraft._tcp.kept.play.test.example',
							type: 'SRV' as const,
							contents: ['0 5 kept.play.test.example'],
						},
					],
				},
				// A CNAME beside the A record already there.
				{
					replace: [
						{
							name: 'kept.play.test.example',
							type: 'CNAME' as const,
							contents: ['elsewhere.test.example'],
						},
					],
				},
			];
			for (const change of refused)
				await expect(dns.change(change), JSON.stringify(change)).rejects.toBeInstanceOf(
					DnsValidationError,
				);
			expect(await dns.lookup('kept.play.test.example', 'A')).toEqual(['192.0.2.13']);
			expect(await dns.lookup('kept.play.test.example', 'CNAME')).toEqual([]);
		});

		it('probes its zone', async () => {
			await expect((await make()).probe()).resolves.toBeUndefined();
		});
	});
}
