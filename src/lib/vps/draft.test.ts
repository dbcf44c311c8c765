import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
	checkVpsDraft,
	draftFrom,
	emptyVpsDraft,
	fitDraftToRam,
	withImage,
	withKeyLine,
} from './draft';
import { publicVpsImage, vpsImages } from './images';

const images = vpsImages.map(publicVpsImage);
const key = () => {
	const raw = Buffer.from(
		generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!,
		'base64url',
	);
	const str = (b: Buffer) => Buffer.concat([Buffer.of(0, 0, 0, b.length), b]);
	return `ssh-ed25519 ${Buffer.concat([str(Buffer.from('ssh-ed25519')), str(raw)]).toString('base64')} me@pc`;
};
const debian = { ...emptyVpsDraft, image: 'debian-12' as const, hostname: 'Web-01' };

describe('checkVpsDraft', () => {
	it('asks for everything at first', () => {
		expect(checkVpsDraft(emptyVpsDraft, images, 2)).toEqual({
			image: 'vps_image_unknown',
			hostname: 'vps_hostname_required',
			keys: { code: 'vps_ssh_keys_required' },
			choice: null,
		});
	});

	it('gives the choice to order, hostname normalized, keys one a line', () => {
		const [a, b] = [key(), key()];
		const check = checkVpsDraft({ ...debian, keysText: `${a}\n\n ${b} \n${a}` }, images, 2);
		expect(check).toEqual({
			image: null,
			hostname: null,
			keys: null,
			choice: { image: 'debian-12', hostname: 'web-01', sshKeys: [a, b] },
		});
	});

	it('orders a generated password without keys, whatever is left in the key field', () => {
		const check = checkVpsDraft({ ...debian, access: 'password', keysText: 'junk' }, images, 1);
		expect(check.choice).toEqual({ image: 'debian-12', hostname: 'web-01' });
	});

	it('names the line of a key that is not one', () => {
		const check = checkVpsDraft({ ...debian, keysText: `${key()}\n\nssh-rsa AAAA` }, images, 2);
		expect(check.keys).toEqual({ code: 'vps_ssh_key_invalid', line: 3 });
		expect(check.choice).toBeNull();
	});

	it('names the line of a key with a character it cannot be delivered with', () => {
		const keysText = `${key()}\n${key()}\u0085work\n${key()}`;
		expect(checkVpsDraft({ ...debian, keysText }, images, 2).keys).toEqual({
			code: 'vps_ssh_key_characters',
			line: 2,
		});
	});

	it('refuses more than ten keys', () => {
		const keysText = Array.from({ length: 11 }, key).join('\n');
		expect(checkVpsDraft({ ...debian, keysText }, images, 2).keys).toEqual({
			code: 'vps_ssh_keys_too_many',
		});
	});

	it('refuses a bad hostname', () => {
		expect(checkVpsDraft({ ...debian, hostname: 'web.example' }, images, 2).hostname).toBe(
			'vps_hostname_invalid',
		);
	});

	it('refuses Windows under its minimum RAM, and orders it with a password from 4 GB', () => {
		const windows = withImage(debian, images, 'windows-server-2022');
		expect(windows.access).toBe('password');
		expect(checkVpsDraft(windows, images, 2).image).toBe('vps_image_ram');
		expect(checkVpsDraft(windows, images, 4).choice).toEqual({
			image: 'windows-server-2022',
			hostname: 'web-01',
		});
		expect(checkVpsDraft({ ...windows, access: 'keys' }, images, 4).choice).toEqual({
			image: 'windows-server-2022',
			hostname: 'web-01',
		});
	});
});

describe('fitDraftToRam', () => {
	it('unselects an image the RAM no longer allows, and says which', () => {
		const windows = withImage(debian, images, 'windows-server-2022');
		expect(fitDraftToRam(windows, images, 8)).toBe(windows);
		expect(fitDraftToRam(windows, images, 2)).toEqual({
			...windows,
			image: null,
			dropped: 'windows-server-2022',
		});
		expect(fitDraftToRam(debian, images, 1)).toBe(debian);
	});

	it('forgets the dropped note once another image is chosen', () => {
		const dropped = fitDraftToRam(withImage(debian, images, 'windows-server-2022'), images, 2);
		expect(withImage(dropped, images, 'alma-9')).toEqual({
			...debian,
			image: 'alma-9',
			access: 'password',
		});
	});
});

describe('draftFrom', () => {
	it('reads a choice back from the cart', () => {
		const a = key();
		expect(draftFrom({ image: 'rocky-9', hostname: 'db', sshKeys: [a] })).toEqual({
			image: 'rocky-9',
			hostname: 'db',
			access: 'keys',
			keysText: a,
		});
		expect(draftFrom({ image: 'rocky-9', hostname: 'db' })).toMatchObject({ access: 'password' });
		expect(draftFrom(undefined)).toEqual(emptyVpsDraft);
	});
});

describe('withKeyLine', () => {
	const a = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH a';
	it('adds a picked key once beside pasted ones, and removes it again', () => {
		const pasted = 'ssh-rsa AAAAB3 pasted';
		const on = withKeyLine(pasted, a, true);
		expect(on).toBe(`${pasted}\n${a}`);
		expect(withKeyLine(on, a, true)).toBe(on);
		expect(withKeyLine(on, a, false)).toBe(pasted);
		expect(withKeyLine('', a, true)).toBe(a);
	});
});
