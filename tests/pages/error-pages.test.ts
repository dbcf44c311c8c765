import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import NotFound from '../../src/pages/404.astro';
import ServerError from '../../src/pages/500.astro';

const container = await AstroContainer.create();

describe('the error page', () => {
	it("says Internal Server Error in the path's language, with the error's own message", async () => {
		const html = await container.renderToString(ServerError, {
			props: { error: new Error('Preisdaten konnten nicht geladen werden') },
			request: new Request('https://frostnode.example/de/games'),
		});
		expect(html).toContain('lang="de"');
		expect(html).toContain('Interner Serverfehler');
		expect(html).toContain('Preisdaten konnten nicht geladen werden');
	});

	it('escapes the message instead of rendering markup from it', async () => {
		const html = await container.renderToString(ServerError, {
			props: { error: new Error('<img src=x onerror=alert(1)>') },
			request: new Request('https://frostnode.example/games'),
		});
		expect(html).toContain('Internal Server Error');
		expect(html).not.toContain('<img src=x');
	});
});

describe('the 404 page', () => {
	it('names the decoded path in its language', async () => {
		const html = await container.renderToString(NotFound, {
			request: new Request('https://frostnode.example/no/hj%C3%A6lp'),
		});
		expect(html).toContain('lang="nb"');
		expect(html).toContain('/no/hjælp');
	});
});
