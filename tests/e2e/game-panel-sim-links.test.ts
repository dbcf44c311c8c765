import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './test';
import { e2eBackendFile } from './backend-file';
import { readGamePanelConfig } from '../../src/server/game-panel/config';
import { issueLink, type LinkTarget } from '../../src/server/game-panel/sim-links';
import { simDirs } from '../../src/server/game-panel/sim-paths';

// The simulated game panel's signed links through the running site (it has no HTTP server of its
// own): a download served once with its name, an upload taken once into its folder, anything
// else a 404. The links are issued as the site's simulation issues them, into the links folder
// beside the site's state file (scripts/e2e-server.ts), without touching the state itself.

function link(target: LinkTarget): string {
	const { simFile } = JSON.parse(readFileSync(e2eBackendFile, 'utf8')) as { simFile: string };
	const config = readGamePanelConfig({ GAME_PANEL_SIM_FILE: simFile });
	if (config.kind !== 'simulated') throw new Error('the browser tests run the simulated panel');
	return new URL(issueLink(simDirs(config.dir).links, '', target, Date.now()).url, 'http://x')
		.pathname;
}

test('a download link is served once, with the file and its name', async ({ request }) => {
	const folder = mkdtempSync(join(tmpdir(), 'e2e-sim-link-'));
	writeFileSync(join(folder, 'server.properties'), 'motd=Kari sin verden\n');
	const path = link({
		kind: 'download',
		path: join(folder, 'server.properties'),
		filename: 'server.properties',
	});
	const first = await request.get(path);
	expect(first.status()).toBe(200);
	expect(first.headers()['content-disposition']).toContain('filename="server.properties"');
	expect(await first.text()).toBe('motd=Kari sin verden\n');
	expect((await request.get(path)).status()).toBe(404);
	expect((await request.get('/api/game-panel-sim/not-a-token')).status()).toBe(404);
});

test('an upload link takes multipart files once into its folder', async ({ request }) => {
	const root = mkdtempSync(join(tmpdir(), 'e2e-sim-upload-'));
	const path = link({ kind: 'upload', root, dir: '/' });
	const files = {
		name: 'whitelist.json',
		mimeType: 'application/json',
		buffer: Buffer.from('[]\n'),
	};
	// A download of an upload link is refused without spending it.
	expect((await request.get(path)).status()).toBe(404);
	expect((await request.post(path, { multipart: { files } })).status()).toBe(204);
	expect(readFileSync(join(root, 'whitelist.json'), 'utf8')).toBe('[]\n');
	expect((await request.post(path, { multipart: { files } })).status()).toBe(404);
});
