import { randomBytes, randomInt } from 'node:crypto';
import { encrypt } from 'unixcrypt';
import type { VpsImage } from '../../lib/vps/images';
import type { Access } from '../hypervisor';

// The login a VPS is made with when the customer gave no SSH key: a generated password, read off
// the order page once. Linux gets only its SHA-512 crypt hash (cloud-init writes it to
// /etc/shadow as it is); Windows gets the password itself, which cloudbase-init needs.

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/l/I). */
export const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * 20 characters, about 116 bits. Windows' complexity rule wants three kinds of character: a
 * capital, a small letter and a digit are always there.
 */
export function generatePassword(length = 20): string {
	for (;;) {
		const password = Array.from(
			{ length },
			() => passwordAlphabet[randomInt(passwordAlphabet.length)],
		).join('');
		if (/[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password)) return password;
	}
}

const saltAlphabet = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** SHA-512 crypt (`$6$`, 5000 rounds, the glibc default) with a fresh 16-character salt. */
export function cryptHash(password: string, salt?: string): string {
	const fresh = [...randomBytes(16)].map((byte) => saltAlphabet[byte % 64]).join('');
	return encrypt(password, `$6$${salt ?? fresh}`);
}

/** How the customer logs in to a machine of `image`: their keys, else the generated password. */
export function accessFor(image: VpsImage, sshKeys: string[], password: string | null): Access {
	if (sshKeys.length > 0) return { user: image.user, sshKeys };
	if (!password) throw new Error('a machine without SSH keys needs a password');
	return image.os === 'windows'
		? { user: image.user, password }
		: { user: image.user, passwordHash: cryptHash(password) };
}
