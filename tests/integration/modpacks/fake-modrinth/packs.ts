import { createHash } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import {
	catalogueIndex,
	type CatalogueProject,
	type CatalogueVersion,
} from '../../../../src/lib/modpacks/catalogue.ts';

// The files the fake serves for each version, built from the catalogue as Modrinth would store
// them: a real `.mrpack` zip (`modrinth.index.json` with each file's CDN downloads, and the
// overrides as entries) for a version with a pack; a `.zip` of server files for one without; a
// jar for a mod. Hashes are of the bytes, as Modrinth lists them.

export interface ServedFile {
	filename: string;
	bytes: Uint8Array;
	hashes: { sha1: string; sha512: string };
	/** What the version's `files[].size` says; the real size unless a test lies about it. */
	size: number;
}

export const cdnDownload = (project: string, version: string, path: string) => [
	`https://cdn.modrinth.com/data/${project}/versions/${version}/${encodeURIComponent(path.split('/').at(-1)!)}`,
];

const hashesOf = (bytes: Uint8Array) => ({
	sha1: createHash('sha1').update(bytes).digest('hex'),
	sha512: createHash('sha512').update(bytes).digest('hex'),
});

function packBytes(project: CatalogueProject, version: CatalogueVersion): Uint8Array {
	const pack = version.pack!;
	const index = catalogueIndex(project, version, pack, (path) =>
		cdnDownload(project.id, version.id, path),
	);
	const entries: Zippable = { 'modrinth.index.json': strToU8(JSON.stringify(index, null, 2)) };
	for (const name of pack.entries) entries[name] = strToU8(`# ${name} of ${project.name}\n`);
	return zipSync(entries, { level: 6, mtime: new Date(version.publishedAt) });
}

export function servedFile(project: CatalogueProject, version: CatalogueVersion): ServedFile {
	const slug = project.slug.replace(/[^\w.-]/g, '');
	let filename: string;
	let bytes: Uint8Array;
	if (project.type !== 'modpack') {
		filename = `${slug}-${version.versionNumber}.jar`;
		bytes = zipSync({ 'fabric.mod.json': strToU8(`{"id":"${slug}"}`) });
	} else if (version.pack) {
		filename = `${slug}-${version.versionNumber}.mrpack`;
		bytes = packBytes(project, version);
	} else {
		filename = `${slug}-${version.versionNumber}-server-files.zip`;
		bytes = zipSync({ 'start.sh': strToU8('#!/bin/sh\njava -jar server.jar\n') });
	}
	return { filename, bytes, hashes: hashesOf(bytes), size: bytes.byteLength };
}
