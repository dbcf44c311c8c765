import type { APIRoute } from 'astro';
import { z } from 'zod';
import { checkMessage, replyToTicket } from '~/server/support/actions';
import { changed, refused, ticketRoute } from '~/server/support/route';

export const prerender = false;

const body = z.object({
	message: z.string().max(20_000).optional(),
	locale: z.string().optional(),
});

/** POST /api/tickets/{id}/reply: the caller's reply; the ticket is open (again) afterwards. */
export const POST: APIRoute = (context) =>
	ticketRoute(context, { body, maxBytes: 96 * 1024 }, async (r) => {
		const checked = checkMessage(r.body.message);
		if ('refusal' in checked) return refused(checked.refusal, r.locale);
		return changed(
			await replyToTicket(r.client, context.params.id ?? '', checked.message),
			r.locale,
		);
	});
