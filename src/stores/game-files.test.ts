import { describe, expect, it } from 'vitest';
import {
	$editor,
	$files,
	$filesNotice,
	editDraft,
	loadFiles,
	openDir,
	openFile,
	renameEntry,
	saveEditor,
} from './game-files';

// A fake site: one folder, one text file, the save answering what the server counted.
function site() {
	const seen: { method: string; url: string; body?: string }[] = [];
	const fetcher = ((url: string, init: RequestInit = {}) => {
		const method = init.method ?? 'GET';
		seen.push({ method, url, ...(typeof init.body === 'string' ? { body: init.body } : {}) });
		if (url.includes('/content') && method === 'GET')
			return Promise.resolve(new Response('motd=Old\npvp=true\n', { status: 200 }));
		if (url.includes('/content') && method === 'PUT')
			return Promise.resolve(
				Response.json({
					path: '/server.properties',
					bytes: 18,
					changes: { added: 1, removed: 1, changed: 1 },
				}),
			);
		if (url.includes('?dir=%2Fnope'))
			return Promise.resolve(
				Response.json(
					{ error: { code: 'path_outside_root', message: 'Outside' } },
					{ status: 400 },
				),
			);
		return Promise.resolve(
			Response.json({
				dir: '/',
				files: [
					{
						name: 'server.properties',
						kind: 'file',
						bytes: 18,
						modifiedAt: '2026-12-08T10:00:00Z',
					},
				],
			}),
		);
	}) as typeof fetch;
	return { fetcher, seen };
}

describe('the files page', () => {
	it('opens a text file, saves the draft as text and says what changed', async () => {
		const { fetcher, seen } = site();
		await loadFiles('svc', 'offline', fetcher);
		expect($files.get()).toMatchObject({ state: 'ready', data: { dir: '/' } });
		await openFile('server.properties', 18, 'too large');
		expect($editor.get()).toMatchObject({
			path: '/server.properties',
			draft: 'motd=Old\npvp=true\n',
			state: 'ready',
		});
		editDraft('motd=New\npvp=true\n');
		await saveEditor((changes) => `${changes.changed} changed`);
		expect(seen).toContainEqual({
			method: 'PUT',
			url: '/api/services/svc/files/content?path=%2Fserver.properties',
			body: 'motd=New\npvp=true\n',
		});
		expect($filesNotice.get()).toEqual({ kind: 'success', text: '1 changed' });
		expect($editor.get()).toMatchObject({ saved: 'motd=New\npvp=true\n' });
	});

	it('says why a file too large for the editor does not open, without asking the server', async () => {
		const { fetcher, seen } = site();
		await loadFiles('svc', 'offline', fetcher);
		const before = seen.length;
		await openFile('world.zip', 600 * 1024, 'world.zip is too large');
		expect(seen).toHaveLength(before);
		expect($filesNotice.get()).toEqual({ kind: 'error', text: 'world.zip is too large' });
		expect($editor.get()).toBeNull();
	});

	it('refuses a name with a slash before asking, and shows the server’s refusal of a folder', async () => {
		const { fetcher, seen } = site();
		await loadFiles('svc', 'offline', fetcher);
		const before = seen.length;
		expect(
			await renameEntry('server.properties', '../x', { done: 'ok', invalid: 'Bad name' }),
		).toBe(false);
		expect(seen).toHaveLength(before);
		expect($filesNotice.get()).toEqual({ kind: 'error', text: 'Bad name' });
		await openDir('/nope');
		expect($files.get()).toEqual({ state: 'error', message: 'Outside', notFound: false });
	});
});
