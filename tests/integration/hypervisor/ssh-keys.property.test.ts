import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, toCheckoutInput } from '../../../src/server/checkout/request.ts';
import { createProxmox } from '../../../src/server/hypervisor/proxmox.ts';
import { createSimulatedHypervisor } from '../../../src/server/hypervisor/simulated.ts';
import type { Hypervisor } from '../../../src/server/hypervisor/types.ts';
import { vpsChoiceProblem } from '../../../src/lib/vps/choice.ts';
import { cloudInitKeys, proxmoxUserData } from './cloud-init.ts';
import {
	fakeNode,
	fakeTokenId,
	fakeTokenSecret,
	startFakeProxmox,
	templateVmid,
	windowsTemplateVmid,
	type FakeProxmox,
} from './fake-proxmox.ts';
import { specFor } from './suite.ts';

// Issue 38 item 5: whatever checkout accepts, provisioning can deliver. Keys as a customer might
// paste them (any key type, odd gaps, any characters in the comment, separators and control
// characters among them) go through checkout's own reading (the body, then the VPS rules); every
// set it accepts must be taken by both hypervisor adapters, pass Proxmox's `urlencoded` format,
// and come out of Proxmox's user-data, read as cloud-init reads it, exactly as accepted.

let fake: FakeProxmox;
let proxmox: Hypervisor;
const simulated = createSimulatedHypervisor({ kind: 'simulated', delayMs: 0 });
const target = (hypervisor: Hypervisor) => ({
	hypervisor,
	node: fakeNode,
	template: templateVmid,
	windowsTemplate: windowsTemplateVmid,
});

beforeAll(async () => {
	fake = await startFakeProxmox();
	const polling = { fastMs: 1, slowMs: 1, deadlineMs: 5000 };
	const config = { kind: 'proxmox' as const, url: fake.url, tokenId: fakeTokenId };
	proxmox = createProxmox({ ...config, tokenSecret: fakeTokenSecret }, { polling });
});
afterAll(() => fake.close());

/** A wire blob: each field a length-prefixed string (RFC 4251). */
function wire(...fields: (string | Uint8Array)[]): string {
	const parts = fields.map((field) => {
		const bytes = typeof field === 'string' ? Buffer.from(field) : Buffer.from(field);
		const length = Buffer.alloc(4);
		length.writeUInt32BE(bytes.length);
		return Buffer.concat([length, bytes]);
	});
	return Buffer.concat(parts).toString('base64');
}

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const point = (length: number) => bytes(length - 1).map((xy) => Uint8Array.from([4, ...xy]));

/** A whole key of every type the rule knows: `type blob`. */
const typeAndBlob = fc.oneof(
	bytes(32).map((key) => `ssh-ed25519 ${wire('ssh-ed25519', key)}`),
	bytes(32).map((key) => {
		const type = 'sk-ssh-ed25519@openssh.com';
		return `${type} ${wire(type, key, 'ssh:')}`;
	}),
	fc
		.tuple(bytes(3), fc.uint8Array({ minLength: 128, maxLength: 300 }))
		.map(([e, n]) => `ssh-rsa ${wire('ssh-rsa', e, n)}`),
	fc.constantFrom(['nistp256', 65], ['nistp384', 97], ['nistp521', 133]).chain(([curve, length]) =>
		point(Number(length)).map((q) => {
			const type = `ecdsa-sha2-${curve}`;
			return `${type} ${wire(type, String(curve), q)}`;
		}),
	),
);

/** What lands in a pasted key by accident or on purpose: separators, controls, YAML's signs. */
const awkward = [
	'\u2028',
	'\u2029',
	'\u0085',
	'\u000b',
	'\u000c',
	'\t',
	'\r',
	'\n',
	'\u0000',
	'\u001b',
	'\u007f',
	'\u0090',
	'\u00a0',
	'\u200b',
	'\u200e',
	'\u3000',
	'\ufeff',
	'\uffff',
	'\ud800',
	'\udfff',
	':',
	': ',
	' :',
	'#',
	' #',
	'%',
	'%0A',
	'+',
	'"',
	"'",
	'\\',
	'&',
	'*',
	'!',
	'|',
	'>',
	'- ',
	'[',
	'}',
	',',
	'?',
	'@',
	'ø',
	'Æble',
	'日本',
	'😀',
];
const piece = fc.oneof(
	{ arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 8 }), weight: 6 },
	{ arbitrary: fc.string({ unit: 'grapheme', maxLength: 3 }), weight: 2 },
	{ arbitrary: fc.constantFrom(...awkward), weight: 2 },
	{ arbitrary: fc.string({ unit: 'binary', maxLength: 2 }), weight: 1 },
);
const comment = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
const gap = fc.oneof(
	{ arbitrary: fc.constant(' '), weight: 8 },
	{ arbitrary: fc.constantFrom('  ', '\t', '\u00a0', '\u2028', '\u000b', '\u0085'), weight: 1 },
);
const edge = fc.oneof(
	{ arbitrary: fc.constant(''), weight: 6 },
	{ arbitrary: fc.constantFrom(' ', '  ', '\t', '\r', '\u2028', '\ufeff', '\u0085'), weight: 1 },
);
const pastedKey = fc
	.tuple(edge, typeAndBlob, gap, comment, edge)
	.map(([lead, key, between, words, trail]) => {
		const [type, blob] = key.split(' ');
		return `${lead}${type}${between}${blob}${words ? ` ${words}` : ''}${trail}`;
	});

/** The keys checkout would order the machine with, or null when it refuses them. */
function acceptedByCheckout(sshKeys: string[]): string[] | null {
	const body = checkoutBody.safeParse({
		item: {
			...{ planId: 'vps-premium', ram: 2, storageGb: null, extras: [] },
			...{ cycle: 'monthly', currency: 'EUR' },
			vps: { image: 'debian-12', hostname: 'vps', sshKeys },
		},
		billing: { name: 'A', address: 'B', postcode: '0150', city: 'Oslo', country: 'NO' },
		method: 'card',
		idempotencyKey: 'property-0001',
	});
	if (!body.success) return null;
	const input = toCheckoutInput(body.data);
	if (typeof input === 'string' || !input.vps) return null;
	return vpsChoiceProblem(input.vps, 2) ? null : (input.vps.sshKeys ?? []);
}

describe('whatever checkout accepts, provisioning can deliver', () => {
	it('every key set checkout accepts reaches both adapters and cloud-init unchanged', async () => {
		let accepted = 0;
		await fc.assert(
			fc.asyncProperty(fc.array(pastedKey, { minLength: 1, maxLength: 3 }), async (pasted) => {
				const keys = acceptedByCheckout(pasted);
				if (!keys?.length) return;
				accepted++;
				const access = { user: 'root', sshKeys: keys };
				const sim = await simulated.createMachine(specFor(target(simulated), { access }));
				await simulated.reinstall(sim, templateVmid, access);
				const spec = specFor(target(proxmox), { access });
				await proxmox.createMachine(spec);
				const sshkeys = fake.vms.get(spec.vmid)?.config.sshkeys ?? '';
				expect(sshkeys).toMatch(/^[-%a-zA-Z0-9_.!~*'()]*$/);
				expect(cloudInitKeys(proxmoxUserData(sshkeys))).toEqual(keys);
			}),
			{ numRuns: 150 },
		);
		// Not vacuous: a good share of the pasted sets are keys checkout takes.
		expect(accepted).toBeGreaterThan(30);
	});

	it('the model of cloud-init is not blind: it loses each separator and YAML sign', () => {
		const key = `ssh-ed25519 ${wire('ssh-ed25519', new Uint8Array(32))}`;
		const read = (comment: string) =>
			cloudInitKeys(proxmoxUserData(encodeURIComponent(`${key} ${comment}`)));
		expect(read('frost@laptop')).toEqual([`${key} frost@laptop`]);
		expect(read('øystein "bærbar" 100%')).toEqual([`${key} øystein "bærbar" 100%`]);
		for (const comment of ['a\u0085b', 'a\u2028b', 'a\u2029b', 'a\u000bb', 'a\u000cb', 'a\tb'])
			expect(read(comment), JSON.stringify(comment)).not.toEqual([`${key} ${comment}`]);
		for (const comment of ['work: laptop', 'laptop:', 'my #1 key'])
			expect(read(comment), comment).not.toEqual([`${key} ${comment}`]);
	});
});
