import { z } from 'zod';
import type { AdminClient } from '../supabase/admin-client';
import { generatePassword } from './password';
import { seal, siteSealKey, unseal } from './seal';

// A VPS ordered without SSH keys logs in with a generated password: made once per service, kept
// sealed in the database (never in clear) until the order page has shown it, then deleted.

function key(): Buffer {
	const found = siteSealKey();
	if (!found) throw new Error('no Supabase secret to seal the VPS password with');
	return found;
}

/**
 * The service's password: the one already kept (a retried or resumed provisioning must not change
 * what the machine was made with), else a new one, kept before any machine sees it.
 */
export async function keptPassword(admin: AdminClient, serviceId: string): Promise<string> {
	const sealKey = key();
	const { data, error } = await admin.rpc('keep_first_vps_password', {
		service: serviceId,
		sealed: seal(generatePassword(), sealKey, serviceId),
	});
	if (error) throw new Error(`keep_first_vps_password: ${error.message}`);
	const password = unseal(z.string().parse(data), sealKey, serviceId);
	// Sealed under another key (the site's secret was rotated): nobody can read it any more.
	if (password === null) throw new Error('the kept VPS password does not open with this key');
	return password;
}

/** The password, once: taking it deletes it. Null when there is none (keys, or already shown). */
export async function takePassword(admin: AdminClient, serviceId: string): Promise<string | null> {
	const sealKey = siteSealKey();
	if (!sealKey) return null;
	const { data, error } = await admin.rpc('take_vps_password', { service: serviceId });
	if (error) throw new Error(`take_vps_password: ${error.message}`);
	const sealed = z.string().nullable().parse(data);
	return sealed === null ? null : unseal(sealed, sealKey, serviceId);
}
