import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetworkResolver } from '../../../src/server/dns/resolver.ts';
import { confirmForward } from '../../../src/server/reverse-dns/forward.ts';

// The production resolver (node:dns/promises with configured servers) in front of a tiny DNS
// server on loopback: answers A and AAAA, NXDOMAIN for unknown names, so forward confirmation is
// exercised over the wire: a match, a name pointing elsewhere, a name that does not exist.

const records: Record<string, { A?: number[]; AAAA?: string }> = {
	'mail.customer.example': { A: [203, 0, 113, 10], AAAA: '20010db80f0500000000000000000010' },
	'other.customer.example': { A: [198, 51, 100, 7] },
};

function answer(query: Buffer): Buffer {
	let at = 12;
	const labels: string[] = [];
	while (query[at]! > 0) {
		labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
		at += query[at]! + 1;
	}
	const question = query.subarray(12, at + 5);
	const type = query.readUInt16BE(at + 1);
	const found = records[labels.join('.').toLowerCase()];
	const rdata =
		type === 1 && found?.A
			? Buffer.from(found.A)
			: type === 28 && found?.AAAA
				? Buffer.from(found.AAAA, 'hex')
				: null;
	const header = Buffer.alloc(12);
	query.copy(header, 0, 0, 2);
	header.writeUInt16BE(found ? 0x8180 : 0x8183, 2); // NOERROR, or NXDOMAIN for unknown names
	header.writeUInt16BE(1, 4);
	header.writeUInt16BE(rdata ? 1 : 0, 6);
	if (!rdata) return Buffer.concat([header, question]);
	const record = Buffer.alloc(12);
	record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
	record.writeUInt16BE(type, 2);
	record.writeUInt16BE(1, 4);
	record.writeUInt32BE(60, 6);
	record.writeUInt16BE(rdata.length, 10);
	return Buffer.concat([header, question, record, rdata]);
}

let server: Socket;
let address: string;
beforeAll(async () => {
	server = createSocket('udp4');
	server.on('message', (query, peer) => server.send(answer(query), peer.port, peer.address));
	await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
	address = `127.0.0.1:${server.address().port}`;
});
afterAll(() => server.close());

describe('the network resolver', () => {
	it('forward-confirms through real DNS queries', async () => {
		const resolver = createNetworkResolver([address]);
		expect(await resolver.addresses('mail.customer.example', 4)).toEqual(['203.0.113.10']);
		expect(await confirmForward(resolver, 'mail.customer.example', '203.0.113.10')).toEqual({
			ok: true,
		});
		expect(await confirmForward(resolver, 'mail.customer.example', '2001:db8:f05::10')).toEqual({
			ok: true,
		});
		expect(await confirmForward(resolver, 'other.customer.example', '203.0.113.10')).toEqual({
			ok: false,
			reason: 'resolves_elsewhere',
			found: ['198.51.100.7'],
		});
		expect(await confirmForward(resolver, 'nobody.customer.example', '203.0.113.10')).toEqual({
			ok: false,
			reason: 'not_resolving',
		});
		// A name with an A record only has no IPv6 address.
		expect(await confirmForward(resolver, 'other.customer.example', '2001:db8:f05::10')).toEqual({
			ok: false,
			reason: 'not_resolving',
		});
	});
});
