import type { APIRoute } from 'astro';
import { recordVisit } from '~/server/affiliate/actions';
import { bodyField, readCappedText } from '~/server/http/body';
import { clientAddressOf } from '~/server/http/request-address';
import { limits } from '~/server/rate-limit/limits';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

/**
 * POST /api/affiliate/visits {code}: a page opened through a referral link (sent by the page's
 * beacon). Always 204: whether a code exists is nobody's business, and a flood from one address
 * stops counting rather than erroring.
 */
export const POST: APIRoute = async (context) => {
	const admin = adminClient();
	const verdict = await limits.referralVisitsPerAddress.hit(clientAddressOf(context));
	if (admin && verdict.ok) {
		// A code is a few characters: a longer or unreadable body is no visit.
		const read = await readCappedText(context.request, 200);
		let code: unknown;
		try {
			code = read.ok ? bodyField(JSON.parse(read.text), 'code') : undefined;
		} catch {
			code = undefined;
		}
		await recordVisit(admin, code);
	}
	return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
};
