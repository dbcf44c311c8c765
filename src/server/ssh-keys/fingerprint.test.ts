import { describe, expect, it } from 'vitest';
import { sshFingerprint } from './fingerprint';

describe('sshFingerprint', () => {
	it('is what ssh-keygen -lf prints for the key, whatever its comment', () => {
		const key =
			'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH frost@laptop';
		expect(sshFingerprint(key)).toBe('SHA256:gNSIRW+2Iyiuvsdp/bgjy38bvWHw6wQm3tuoXrl3WjQ');
		expect(sshFingerprint(key)).toBe(sshFingerprint(key.replace(' frost@laptop', ' other')));
	});
});
