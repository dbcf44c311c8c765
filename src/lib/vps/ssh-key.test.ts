import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { normalizeSshKey, sshKeyLineProblem, sshKeyProblem } from './ssh-key';

// The characters of a key line (issue 38): what a key may hold to reach the machine unchanged.
// choice.test.ts has the key blobs; tests/integration/hypervisor/ssh-keys.property.test.ts the
// property that whatever this accepts, both hypervisor adapters and cloud-init deliver.

function ed25519(comment = 'alex@laptop'): string {
	const x = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x ?? '';
	const field = (bytes: Buffer) => Buffer.concat([Buffer.of(0, 0, 0, bytes.length), bytes]);
	const blob = Buffer.concat([
		field(Buffer.from('ssh-ed25519')),
		field(Buffer.from(x, 'base64url')),
	]);
	return `ssh-ed25519 ${blob.toString('base64')}${comment ? ` ${comment}` : ''}`;
}

describe('the characters of an SSH key', () => {
	it('refuses every control and separator character, in the comment or between the fields', () => {
		const [type, blob] = ed25519().split(' ');
		const bad = {
			'line separator': '\u2028',
			'paragraph separator': '\u2029',
			'next line': '\u0085',
			'vertical tab': '\u000b',
			'form feed': '\u000c',
			tab: '\t',
			'line feed': '\n',
			'carriage return': '\r',
			nul: '\u0000',
			escape: '\u001b',
			delete: '\u007f',
			'C1 control': '\u009b',
			'no-break space': '\u00a0',
			'ideographic space': '\u3000',
			'zero-width space': '\u200b',
			'right-to-left override': '\u202e',
			'byte order mark': '\ufeff',
			'lone surrogate': '\ud800',
			'private use': '\ue000',
			noncharacter: '\uffff',
		};
		for (const [name, char] of Object.entries(bad)) {
			expect(sshKeyProblem(`${type} ${blob} alex${char}laptop`), name).toBe('characters');
			expect(sshKeyProblem(`${type}${char}${blob} alex@laptop`), name).toBe('characters');
			expect(sshKeyLineProblem(`${type} ${blob} alex${char}laptop`), name).toBe('characters');
		}
	});

	it('refuses what the cloud-init YAML would misread: “: ”, a final “:” and “ #”', () => {
		for (const comment of ['work: laptop', 'laptop:', 'my #1 key', '#work'])
			expect(sshKeyProblem(ed25519(comment)), comment).toBe('characters');
	});

	it('keeps ordinary comments: letters of any script, symbols, a colon or # inside a word', () => {
		for (const comment of [
			'øystein@bærbar',
			'Jürgen’s “Laptop” (2024)',
			'rsa-key-20240101',
			'user@host:22',
			'C#-dev',
			'100% & more!',
			'日本語 🚀',
			'',
		])
			expect(sshKeyProblem(ed25519(comment)), comment).toBeNull();
	});

	it('normalizes the edges and runs of spaces, and judges only a normalized line', () => {
		const key = ed25519('two  words');
		const [type, blob] = key.split(' ');
		expect(normalizeSshKey(` \t${type}   ${blob} two  words\r\n`)).toBe(
			`${type} ${blob} two words`,
		);
		expect(sshKeyProblem(normalizeSshKey(key))).toBeNull();
		expect(sshKeyProblem(` ${normalizeSshKey(key)}`)).toBe('invalid');
		expect(sshKeyProblem(key)).toBe('invalid');
		// A character trimming does not drop is judged, not hidden.
		expect(sshKeyProblem(normalizeSshKey(`${ed25519()}\u0085`))).toBe('characters');
	});

	it('holds a hypervisor’s line to the characters and shape, not the blob', () => {
		expect(
			sshKeyLineProblem('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB+x/y= frost@laptop'),
		).toBeNull();
		expect(sshKeyLineProblem('not a key')).toBe('invalid');
		expect(sshKeyLineProblem('ssh-ed25519')).toBe('invalid');
		expect(sshKeyLineProblem(`ssh-ed25519 ${'A'.repeat(8192)}`)).toBe('invalid');
	});
});
