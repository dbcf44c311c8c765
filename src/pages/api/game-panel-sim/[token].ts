import type { APIRoute } from 'astro';
import { simulatedDownload, simulatedUpload, UPLOAD_LIMIT_BYTES } from '~/server/game-panel';
import { readCappedBody } from '~/server/http/body';

export const prerender = false;

/**
 * The simulated game panel's signed links (it has no HTTP server of its own): GET downloads a
 * backup or file, POST uploads multipart `files`, each token once within 15 minutes. 404 for
 * anything else, and always while a real panel (Pterodactyl) is configured.
 */
export const GET: APIRoute = ({ params }) => simulatedDownload(params.token ?? '');

export const POST: APIRoute = async ({ request, params }) =>
	simulatedUpload(
		params.token ?? '',
		request.headers.get('content-type') ?? '',
		await readCappedBody(request, UPLOAD_LIMIT_BYTES),
	);
