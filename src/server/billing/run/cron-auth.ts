import { createHash, timingSafeEqual } from 'node:crypto';
import { setting } from '../../config/variables';

/**
 * Whether a request may start a billing run: `Authorization: Bearer $CRON_SECRET`, compared in
 * constant time. Without a configured secret (at least 32 characters) nobody may.
 */
export function cronAccess(request: Request, secret = setting('CRON_SECRET') ?? '') {
	if (secret.length < 32) return 'unconfigured' as const;
	const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
	// Hashing first gives equal lengths, so the comparison itself says nothing about the secret.
	const digest = (value: string) => createHash('sha256').update(value).digest();
	return timingSafeEqual(digest(given), digest(secret))
		? ('allowed' as const)
		: ('denied' as const);
}
