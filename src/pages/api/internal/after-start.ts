import type { APIRoute } from 'astro';
import { fromThisProcess } from '~/server/http/process-token';
import { resumeAfterStart } from '~/server/provisioning/resume-provisioning';
import { resumeSoftwareChangesAfterStart } from '~/server/minecraft-software/resume';
import { json } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { inBackground } from '~/server/http/lifecycle';
import { logger } from '~/server/log/logger';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

/**
 * POST /api/internal/after-start: what a site server does once it listens (server/after-start.ts),
 * here because the database and panel code live in Astro's bundle. Only the process itself may
 * ask (its own token); anyone else gets the 404 of a route that does not exist.
 */
export const POST: APIRoute = ({ request }) => {
	if (!fromThisProcess(request)) return new Response(null, { status: 404 });
	const admin = adminClient();
	if (!admin) return json(503, { resuming: false });
	inBackground(
		resumeAfterStart(admin, siteOrigin()).catch((failure: unknown) =>
			logger.error('interrupted provisioning not taken up', { error: failure }),
		),
	);
	// A Minecraft server's software change cut off mid-way goes on where it stood.
	inBackground(
		resumeSoftwareChangesAfterStart(admin).catch((failure: unknown) =>
			logger.error('interrupted software changes not taken up', { error: failure }),
		),
	);
	return json(202, { resuming: true });
};
