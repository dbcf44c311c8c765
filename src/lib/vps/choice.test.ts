import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vpsImageIds, vpsImageIdSchema } from './images';
import {
	isOpenSshPublicKey,
	isValidHostname,
	maxSshKeys,
	normalizeHostname,
	normalizeSshKey,
	splitSshKeys,
	uniqueSshKeys,
	vpsChoiceProblem,
} from './choice';
import { vpsChoiceBody } from './choice-body';
import { readVpsChoice, vpsChoiceCaps } from './choice-shape';

// Real public keys, their wire blobs assembled here as RFC 4253 (ssh-rsa, strings and mpints),
// RFC 5656 (ecdsa) and RFC 8709 (ssh-ed25519) lay them out, independent of the code under test.

const u32 = (n: number) => {
	const bytes = Buffer.alloc(4);
	bytes.writeUInt32BE(n);
	return bytes;
};
const sshString = (data: Buffer | string) => {
	const bytes = typeof data === 'string' ? Buffer.from(data) : data;
	return Buffer.concat([u32(bytes.length), bytes]);
};
/** An mpint: big-endian, with a zero byte in front when the top bit is set (it is positive). */
const mpint = (magnitude: Buffer) =>
	sshString(magnitude[0]! & 0x80 ? Buffer.concat([Buffer.of(0), magnitude]) : magnitude);
const b64url = (text: string | undefined) => Buffer.from(text ?? '', 'base64url');

function ed25519Blob(): Buffer {
	const { publicKey } = generateKeyPairSync('ed25519');
	return Buffer.concat([
		sshString('ssh-ed25519'),
		sshString(b64url(publicKey.export({ format: 'jwk' }).x)),
	]);
}

function rsaBlob(): Buffer {
	const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
	const jwk = publicKey.export({ format: 'jwk' });
	return Buffer.concat([sshString('ssh-rsa'), mpint(b64url(jwk.e)), mpint(b64url(jwk.n))]);
}

function ecdsaBlob(): Buffer {
	const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
	const jwk = publicKey.export({ format: 'jwk' });
	const point = Buffer.concat([Buffer.of(4), b64url(jwk.x), b64url(jwk.y)]);
	return Buffer.concat([sshString('ecdsa-sha2-nistp256'), sshString('nistp256'), sshString(point)]);
}

const line = (type: string, blob: Buffer, comment = 'alex@laptop') =>
	`${type} ${blob.toString('base64')}${comment ? ` ${comment}` : ''}`;

const ed25519 = line('ssh-ed25519', ed25519Blob());
const rsa = line('ssh-rsa', rsaBlob());
const ecdsa = line('ecdsa-sha2-nistp256', ecdsaBlob());

describe('isOpenSshPublicKey', () => {
	it('accepts ed25519, RSA and ECDSA public keys, with or without a comment', () => {
		expect(isOpenSshPublicKey(ed25519)).toBe(true);
		expect(isOpenSshPublicKey(rsa)).toBe(true);
		expect(isOpenSshPublicKey(ecdsa)).toBe(true);
		expect(isOpenSshPublicKey(line('ssh-ed25519', ed25519Blob(), ''))).toBe(true);
		expect(isOpenSshPublicKey(normalizeSshKey(`  ${ed25519}  `))).toBe(true);
		expect(isOpenSshPublicKey(line('ssh-rsa', rsaBlob(), 'two words here'))).toBe(true);
	});

	it('refuses a pasted private key', () => {
		const { privateKey } = generateKeyPairSync('ed25519');
		const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
		expect(isOpenSshPublicKey(pem)).toBe(false);
		for (const pemLine of pem.split('\n')) expect(isOpenSshPublicKey(pemLine)).toBe(false);
		expect(isOpenSshPublicKey('-----BEGIN OPENSSH PRIVATE KEY-----')).toBe(false);
	});

	it('refuses a truncated blob, even one that is still valid base64', () => {
		const blob = ed25519Blob();
		expect(isOpenSshPublicKey(line('ssh-ed25519', blob.subarray(0, blob.length - 3)))).toBe(false);
		const rsaFull = rsaBlob();
		expect(isOpenSshPublicKey(line('ssh-rsa', rsaFull.subarray(0, 120)))).toBe(false);
		const cut = ed25519.split(' ')[1]!;
		expect(isOpenSshPublicKey(`ssh-ed25519 ${cut.slice(0, -5)}`)).toBe(false);
	});

	it('refuses extra bytes after the key', () => {
		const padded = Buffer.concat([ed25519Blob(), Buffer.from('more')]);
		expect(isOpenSshPublicKey(line('ssh-ed25519', padded))).toBe(false);
	});

	it('refuses a prefix that names another type than the blob', () => {
		expect(isOpenSshPublicKey(line('ssh-rsa', ed25519Blob()))).toBe(false);
		expect(isOpenSshPublicKey(line('ssh-ed25519', rsaBlob()))).toBe(false);
		expect(isOpenSshPublicKey(line('ecdsa-sha2-nistp384', ecdsaBlob()))).toBe(false);
	});

	it('refuses an ECDSA key whose curve name does not match its type', () => {
		const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
		const jwk = publicKey.export({ format: 'jwk' });
		const point = Buffer.concat([Buffer.of(4), b64url(jwk.x), b64url(jwk.y)]);
		const wrong = Buffer.concat([
			sshString('ecdsa-sha2-nistp256'),
			sshString('nistp384'),
			sshString(point),
		]);
		expect(isOpenSshPublicKey(line('ecdsa-sha2-nistp256', wrong))).toBe(false);
	});

	it('refuses a comment alone, a fingerprint, and an unknown type', () => {
		expect(isOpenSshPublicKey('alex@laptop')).toBe(false);
		expect(isOpenSshPublicKey('# my laptop key')).toBe(false);
		expect(isOpenSshPublicKey('SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU')).toBe(false);
		expect(isOpenSshPublicKey(`ssh-dss ${ed25519.split(' ')[1]}`)).toBe(false);
		expect(isOpenSshPublicKey('')).toBe(false);
	});

	it('refuses two keys on one line', () => {
		expect(isOpenSshPublicKey(`${ed25519} ${rsa}`)).toBe(false);
		expect(isOpenSshPublicKey(`${line('ssh-ed25519', ed25519Blob(), '')} ${ecdsa}`)).toBe(false);
	});

	it('refuses a line break inside the line', () => {
		expect(isOpenSshPublicKey(`${ed25519}\n${rsa}`)).toBe(false);
	});
});

describe('splitSshKeys', () => {
	it('keeps one key a line, normalized, without blank lines or repeats', () => {
		expect(splitSshKeys(`\n ${ed25519} \r\n\r\n${rsa}\n${ed25519.replace(' ', '   ')}\n`)).toEqual([
			ed25519,
			rsa,
		]);
		expect(splitSshKeys('   \n')).toEqual([]);
	});
});

describe('hostnames', () => {
	it('normalizes case and surrounding space', () => {
		expect(normalizeHostname('  Web-01 ')).toBe('web-01');
		expect(isValidHostname(normalizeHostname('DB1'))).toBe(true);
		expect(isValidHostname('DB1')).toBe(false);
	});

	it('allows 63 characters and refuses 64', () => {
		expect(isValidHostname('a'.repeat(63))).toBe(true);
		expect(isValidHostname('a'.repeat(64))).toBe(false);
		expect(isValidHostname('a')).toBe(true);
		expect(isValidHostname('')).toBe(false);
	});

	it('refuses a leading or trailing hyphen, dots and other characters', () => {
		for (const bad of ['-web', 'web-', 'web.example', 'web.', 'web_1', 'wéb', 'web 1'])
			expect(isValidHostname(bad), bad).toBe(false);
		expect(isValidHostname('w-1')).toBe(true);
		expect(isValidHostname('1web')).toBe(true);
	});
});

describe('vpsChoiceProblem', () => {
	const ok = { image: 'debian-12', hostname: 'web-01', sshKeys: [ed25519, rsa, ecdsa] } as const;

	it('accepts a Linux choice with keys, or without (a generated password)', () => {
		expect(vpsChoiceProblem({ ...ok, sshKeys: [...ok.sshKeys] }, 2)).toBeNull();
		expect(vpsChoiceProblem({ image: 'rocky-9', hostname: 'db' }, 1)).toBeNull();
		expect(vpsChoiceProblem({ image: 'alma-9', hostname: 'db', sshKeys: [] }, 1)).toBeNull();
	});

	it('names the first thing wrong', () => {
		expect(vpsChoiceProblem(null, 8)).toBe('vps_image_unknown');
		expect(vpsChoiceProblem({ image: 'arch' as never, hostname: 'x' }, 8)).toBe(
			'vps_image_unknown',
		);
		expect(vpsChoiceProblem({ image: 'windows-server-2022', hostname: 'win' }, 2)).toBe(
			'vps_image_ram',
		);
		expect(vpsChoiceProblem({ image: 'windows-server-2022', hostname: 'win' }, 4)).toBeNull();
		expect(vpsChoiceProblem({ image: 'debian-12', hostname: 'web.example' }, 2)).toBe(
			'vps_hostname_invalid',
		);
		expect(vpsChoiceProblem({ image: 'debian-12', hostname: 'web', sshKeys: ['nope'] }, 2)).toBe(
			'vps_ssh_key_invalid',
		);
		const separated = `${ed25519}\u2028work`;
		expect(
			vpsChoiceProblem({ image: 'debian-12', hostname: 'web', sshKeys: [rsa, separated] }, 2),
		).toBe('vps_ssh_key_characters');
		expect(
			vpsChoiceProblem({ image: 'windows-server-2022', hostname: 'win', sshKeys: [ed25519] }, 8),
		).toBe('vps_ssh_keys_windows');
	});

	it(`refuses more than ${maxSshKeys} keys`, () => {
		const keys = Array.from({ length: maxSshKeys + 1 }, () => line('ssh-ed25519', ed25519Blob()));
		expect(vpsChoiceProblem({ image: 'debian-12', hostname: 'web', sshKeys: keys }, 2)).toBe(
			'vps_ssh_key_invalid',
		);
		expect(
			vpsChoiceProblem({ image: 'debian-12', hostname: 'web', sshKeys: keys.slice(1) }, 2),
		).toBeNull();
		// The body takes them (normalized, each once), so the refusal is the rule's, translated.
		const sent = { image: 'debian-12', hostname: 'w', sshKeys: [` ${ecdsa}`, ecdsa, ' '] };
		expect(vpsChoiceBody.parse(sent).sshKeys).toEqual([ecdsa]);
		expect(
			vpsChoiceBody.safeParse({ image: 'debian-12', hostname: 'w', sshKeys: keys }).success,
		).toBe(true);
	});
});

describe('readVpsChoice', () => {
	// The server's reading of a stored choice; the browser's must answer the same for anything.
	const storedVps = vpsChoiceBody.extend({ image: vpsImageIdSchema });
	const server = (value: unknown) => {
		const parsed = storedVps.safeParse(value);
		return parsed.success ? parsed.data : null;
	};
	const around = (cap: number) =>
		fc.oneof(
			fc.string({ maxLength: 12 }),
			fc.constantFrom(cap - 1, cap, cap + 1).map((length) => 'k'.repeat(length)),
		);
	const key = fc.oneof(
		fc.constantFrom(ed25519, ` ${rsa} `, ecdsa, '', ' '),
		around(vpsChoiceCaps.sshKey),
		fc.jsonValue({ maxDepth: 1 }),
	);
	const keys = fc.oneof(
		fc.array(key, { maxLength: 4 }),
		fc
			.constantFrom(vpsChoiceCaps.sshKeys, vpsChoiceCaps.sshKeys + 1)
			.map((count) => Array.from({ length: count }, (_, i) => `k${i % 7}`)),
		fc.jsonValue({ maxDepth: 1 }),
	);
	const choice = fc.record(
		{
			image: fc.oneof(fc.constantFrom(...vpsImageIds, 'arch', 'Debian-12'), fc.jsonValue()),
			hostname: fc.oneof(around(vpsChoiceCaps.hostname), fc.jsonValue({ maxDepth: 1 })),
			sshKeys: fc.oneof(keys, fc.constant(undefined)),
			other: fc.jsonValue({ maxDepth: 1 }),
		},
		{ requiredKeys: [] },
	);

	// The server normalizes the keys it reads (uniqueSshKeys); the browser keeps them as stored.
	const normalized = (read: ReturnType<typeof readVpsChoice>) =>
		read && { ...read, ...(read.sshKeys && { sshKeys: uniqueSshKeys(read.sshKeys) }) };

	it("reads what the server's schema reads, and refuses what it refuses", () => {
		fc.assert(
			fc.property(fc.oneof(choice, fc.jsonValue()), (value) => {
				expect(normalized(readVpsChoice(value))).toEqual(server(value));
			}),
			{ numRuns: 2000 },
		);
	});

	it('keeps only the fields of a choice', () => {
		const stored = { image: 'debian-12', hostname: 'w', sshKeys: [ecdsa], price: 0 };
		expect(readVpsChoice(stored)).toEqual({ image: 'debian-12', hostname: 'w', sshKeys: [ecdsa] });
		expect(readVpsChoice({ ...stored, image: 'arch' })).toBeNull();
	});
});
