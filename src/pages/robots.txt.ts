import type { APIRoute } from 'astro';

/** Everything public may be crawled; the panel, checkout and API are private by nature. */
export const GET: APIRoute = ({ site }) => {
	const sitemap = new URL('sitemap-index.xml', site).href;
	const body = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /panel',
		'Disallow: /checkout',
		'Disallow: /api/',
		'',
		`Sitemap: ${sitemap}`,
		'',
	];
	return new Response(body.join('\n'), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});
};
