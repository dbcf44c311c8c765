import { createHash, timingSafeEqual } from 'node:crypto';
import { processToken } from './lifecycle';

/**
 * Whether a request carries this process's own token (server/after-start.ts sends it): the door of
 * the routes only the site server itself may call. Compared as digests, in constant time.
 */
export function fromThisProcess(request: Request): boolean {
	const digest = (value: string) => createHash('sha256').update(value).digest();
	const given = request.headers.get('x-process-token') ?? '';
	return timingSafeEqual(digest(given), digest(processToken()));
}
