import { normalizeSshKey, sshKeyProblem } from '../../lib/vps/ssh-key';
import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';
import { sshFingerprint } from './fingerprint';

// Saving and deleting a customer's SSH keys. The key is checked here (the database cannot read a
// key blob) and its fingerprint computed; the database keeps one per fingerprint and 20 at most.

export const maxSavedSshKeys = 20;

export type SshKeyRefusal = 'invalid' | 'characters' | 'name' | 'duplicate' | 'limit' | 'not_found';

export async function addSshKey(
	admin: AdminClient,
	userId: string,
	input: { name: string; publicKey: string },
): Promise<{ id: string } | SshKeyRefusal> {
	const name = input.name.trim();
	// Checkout's rule: a saved key is one the customer can order or reinstall with.
	const publicKey = normalizeSshKey(input.publicKey);
	if (name.length < 1 || name.length > 60) return 'name';
	const problem = sshKeyProblem(publicKey);
	if (problem) return problem;
	const { data, error } = await admin
		.from('ssh_keys')
		.insert({
			user_id: userId,
			name,
			public_key: publicKey,
			fingerprint: sshFingerprint(publicKey),
		})
		.select('id')
		.single();
	// unique (user_id, fingerprint), and the per-customer limit's trigger (check_violation).
	if (error?.code === '23505') return 'duplicate';
	if (error?.code === '23514' && /at most 20/.test(error.message)) return 'limit';
	if (error) throw new Error(`ssh_keys: ${error.message}`);
	return { id: data.id };
}

export async function deleteSshKey(
	admin: AdminClient,
	userId: string,
	keyId: string,
): Promise<true | SshKeyRefusal> {
	if (!isUuid(keyId)) return 'not_found';
	const { data, error } = await admin
		.from('ssh_keys')
		.delete()
		.eq('id', keyId)
		.eq('user_id', userId)
		.select('id');
	if (error) throw new Error(`ssh_keys: ${error.message}`);
	return data.length ? true : 'not_found';
}
