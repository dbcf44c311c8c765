import { z } from 'zod';
import type { AdminClient } from '../supabase/admin-client';

// The customer's saved SSH keys, newest first: the profile's list, checkout's and reinstall's picks.

const keyRow = z.object({
	id: z.string(),
	name: z.string(),
	public_key: z.string(),
	fingerprint: z.string(),
	created_at: z.string(),
});

export interface SavedSshKey {
	id: string;
	name: string;
	publicKey: string;
	fingerprint: string;
	createdAt: string;
}

export async function savedSshKeys(admin: AdminClient, userId: string): Promise<SavedSshKey[]> {
	const { data, error } = await admin
		.from('ssh_keys')
		.select('id, name, public_key, fingerprint, created_at')
		.eq('user_id', userId)
		.order('created_at', { ascending: false });
	if (error) throw new Error(`ssh_keys: ${error.message}`);
	return (data ?? []).map((raw) => {
		const row = keyRow.parse(raw);
		return {
			id: row.id,
			name: row.name,
			publicKey: row.public_key,
			fingerprint: row.fingerprint,
			createdAt: row.created_at,
		};
	});
}
