import { atom } from 'nanostores';
import { isPlainName, joinPath } from '../lib/game-tools/paths';
import { maxEditBytes, type LineChanges } from '../lib/game-tools/text-edit';
import type { FileList, FileSaved } from '../lib/game-tools/types';
import { failureOf, getJson, panelResource, sendJson } from './panel-fetch';

// A game server's files page: the folder shown, the file open in the editor, and what the
// customer does to them. The server checks every path again; these checks only spare a request.

const folder = panelResource<FileList>();
export const $files = folder.$data;

export interface Editor {
	path: string;
	/** The text as last read or saved, to tell whether the draft differs. */
	saved: string;
	draft: string;
	state: 'loading' | 'ready' | 'saving';
}
export const $editor = atom<Editor | null>(null);
export const $filesBusy = atom<string | null>(null);
export const $filesNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

let serverId = '';
let failure = '';
let dir = '/';
let fetcher: typeof fetch = (...args) => fetch(...args);

const api = (path: string) => `/api/services/${encodeURIComponent(serverId)}/files${path}`;
const error = (text: string) => $filesNotice.set({ kind: 'error', text });

export function loadFiles(id: string, fallback: string, withFetch?: typeof fetch) {
	serverId = id;
	failure = fallback;
	if (withFetch) fetcher = withFetch;
	return openDir('/');
}

/** Shows a folder (the editor closes: it belongs to the folder left). */
export async function openDir(path: string) {
	dir = path;
	$editor.set(null);
	await folder.load(api(`?dir=${encodeURIComponent(path)}`), failure, fetcher);
	const loaded = $files.get();
	if (loaded.state === 'ready') dir = loaded.data.dir;
}

const reload = () => folder.load(api(`?dir=${encodeURIComponent(dir)}`), failure, fetcher);

/** Opens a text file in the editor; one too large says so (`tooLarge`) without asking. */
export async function openFile(name: string, bytes: number, tooLarge: string) {
	$filesNotice.set(null);
	if (bytes > maxEditBytes) return error(tooLarge);
	const path = joinPath(dir, name);
	$editor.set({ path, saved: '', draft: '', state: 'loading' });
	const response = await fetcher(api(`/content?path=${encodeURIComponent(path)}`)).catch(
		() => null,
	);
	if (!response?.ok) {
		$editor.set(null);
		return error((await failureOf(response, failure)).message);
	}
	const text = await response.text();
	if ($editor.get()?.path === path) $editor.set({ path, saved: text, draft: text, state: 'ready' });
}

export function editDraft(draft: string) {
	const editor = $editor.get();
	if (editor) $editor.set({ ...editor, draft });
}

export const closeEditor = () => $editor.set(null);

/** Saves the draft; `done` words what changed ("2 lines changed"). */
export async function saveEditor(done: (changes: LineChanges) => string) {
	const editor = $editor.get();
	if (!editor || editor.state !== 'ready') return;
	$editor.set({ ...editor, state: 'saving' });
	$filesNotice.set(null);
	const response = await fetcher(api(`/content?path=${encodeURIComponent(editor.path)}`), {
		method: 'PUT',
		headers: { 'Content-Type': 'text/plain; charset=utf-8', Accept: 'application/json' },
		body: editor.draft,
	}).catch(() => null);
	if (!response?.ok) {
		$editor.set({ ...editor, state: 'ready' });
		return error((await failureOf(response, failure)).message);
	}
	const saved = (await response.json()) as FileSaved;
	$editor.set({ ...editor, saved: editor.draft, state: 'ready' });
	$filesNotice.set({ kind: 'success', text: done(saved.changes) });
	await reload();
}

async function act(busy: string, path: string, body: object, success: string) {
	if ($filesBusy.get()) return false;
	$filesBusy.set(busy);
	$filesNotice.set(null);
	const answer = await sendJson('POST', api(path), body, failure, fetcher);
	$filesBusy.set(null);
	if (!answer.ok) {
		error(answer.message);
		return false;
	}
	$filesNotice.set({ kind: 'success', text: success });
	await reload();
	return true;
}

export function renameEntry(name: string, to: string, words: { done: string; invalid: string }) {
	if (!isPlainName(to)) return Promise.resolve(error(words.invalid)).then(() => false);
	const body = { from: joinPath(dir, name), to: joinPath(dir, to) };
	return act(`rename:${name}`, '/rename', body, words.done);
}

export function deleteEntry(name: string, done: string) {
	return act(`delete:${name}`, '/delete', { paths: [joinPath(dir, name)] }, done);
}

export function createFolder(name: string, words: { done: string; invalid: string }) {
	if (!isPlainName(name)) return Promise.resolve(error(words.invalid)).then(() => false);
	return act('folder', '/folder', { path: joinPath(dir, name) }, words.done);
}

/** Asks for a short-lived link and hands it to `open` (the page navigates to it). */
export async function downloadFile(name: string, open: (url: string) => void) {
	$filesNotice.set(null);
	const path = encodeURIComponent(joinPath(dir, name));
	const answer = await getJson<{ url: string }>(api(`/download?path=${path}`), failure, fetcher);
	if (answer.state === 'ready') open(answer.data.url);
	else if (answer.state === 'error') error(answer.message);
}

/** Uploads into the folder shown: a link from the site, then the files straight to the panel. */
export async function uploadFiles(
	files: File[],
	words: { done: (count: number) => string; failed: string },
) {
	if (files.length === 0 || $filesBusy.get()) return;
	$filesBusy.set('upload');
	$filesNotice.set(null);
	const link = await sendJson<{ url: string }>('POST', api('/upload'), { dir }, failure, fetcher);
	if (!link.ok) {
		$filesBusy.set(null);
		return error(link.message);
	}
	const form = new FormData();
	for (const file of files) form.append('files', file, file.name);
	const sent = await fetcher(link.data.url, { method: 'POST', body: form }).catch(() => null);
	$filesBusy.set(null);
	if (sent?.ok) $filesNotice.set({ kind: 'success', text: words.done(files.length) });
	else error(words.failed);
	await reload();
}
