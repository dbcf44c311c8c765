import { describe, expect, it } from 'vitest';
import { MAX_RANGE, parseRange } from './range.ts';

// What `npm run vps:addresses -- --add` accepts: a range of host addresses on one subnet with its
// gateway, refused with a clear message otherwise.

const v4 = {
	node: 'pve1',
	from: '198.51.100.10',
	to: '198.51.100.12',
	prefix: '24',
	gateway: '198.51.100.1',
};
const v6 = {
	node: 'pve1',
	from: '2001:db8:1::10',
	to: '2001:db8:1::12',
	prefix: '64',
	gateway: '2001:db8:1::1',
};

describe('an address range for the pool', () => {
	it('expands an IPv4 range, both ends included', () => {
		expect(parseRange(v4)).toEqual({
			node: 'pve1',
			family: 4,
			prefix: 24,
			gateway: '198.51.100.1',
			addresses: ['198.51.100.10', '198.51.100.11', '198.51.100.12'],
		});
	});

	it('expands an IPv6 range across a group boundary, in compressed form', () => {
		const range = parseRange({
			...v6,
			from: '2001:db8:1::fffe',
			to: '2001:0db8:0001:0000:0000:0000:0001:0001',
		});
		expect(range).toMatchObject({ family: 6, prefix: 64, gateway: '2001:db8:1::1' });
		expect(typeof range !== 'string' && range.addresses).toEqual([
			'2001:db8:1::fffe',
			'2001:db8:1::ffff',
			'2001:db8:1::1:0',
			'2001:db8:1::1:1',
		]);
	});

	it('takes a single address', () => {
		expect(parseRange({ ...v4, to: v4.from })).toMatchObject({ addresses: ['198.51.100.10'] });
	});

	it.each([
		[{ node: 'pve_1' }, /^--add: "pve_1" is not a Proxmox node name/],
		[{ node: '' }, /^--add: "" is not a Proxmox node name/],
		[{ from: '198.51.100.300' }, /^--from: "198.51.100.300" is not an IP address/],
		[{ to: 'pve' }, /^--to: "pve" is not an IP address/],
		[{ to: '2001:db8:1::12' }, /^--to: not the same family as --from/],
		[{ gateway: '2001:db8:1::1' }, /^--gateway: not the same family as --from/],
		[{ gateway: 'gw' }, /^--gateway: "gw" is not an IP address/],
		[{ prefix: '33' }, /^--prefix: a whole number from 8 to 32 for IPv4/],
		[{ prefix: '24.5' }, /^--prefix: a whole number from 8 to 32 for IPv4/],
		[{ prefix: '' }, /^--prefix: a whole number from 8 to 32 for IPv4/],
		[{ from: '198.51.100.12', to: '198.51.100.10' }, /^--to: comes before --from/],
		[{ to: '198.51.101.10' }, /^--to: 198\.51\.101\.10 is not on 198\.51\.100\.0\/24/],
		[{ gateway: '198.51.101.1' }, /^--gateway: 198\.51\.101\.1 is not on 198\.51\.100\.0\/24/],
		[{ gateway: '198.51.100.11' }, /^--gateway: 198\.51\.100\.11 is inside the range/],
		[{ from: '198.51.100.0' }, /^--from: 198\.51\.100\.0 is the network address/],
		[{ to: '198.51.100.255' }, /^--to: 198\.51\.100\.255 is the broadcast address/],
	])('refuses %o', (change, message) => {
		expect(parseRange({ ...v4, ...change })).toMatch(message);
	});

	it('refuses an IPv6 prefix past 128 and a range larger than it takes at once', () => {
		expect(parseRange({ ...v6, prefix: '129' })).toMatch(
			/^--prefix: a whole number from 8 to 128 for IPv6/,
		);
		expect(parseRange({ ...v6, to: '2001:db8:1::ffff:ffff' })).toMatch(
			new RegExp(`^--to: .* addresses at once; at most ${MAX_RANGE}`),
		);
	});
});
