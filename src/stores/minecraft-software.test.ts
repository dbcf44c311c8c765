import { beforeEach, describe, expect, it } from 'vitest';
import type { SoftwareCatalogueAnswer } from '../lib/panel/types';
import {
	$softwareDraft,
	chooseSoftware,
	gameVersions,
	startingDraft,
	unchanged,
} from './minecraft-software';

const catalogue: SoftwareCatalogueAnswer['software'] = [
	{
		id: 'vanilla',
		name: 'Vanilla',
		versions: ['1.21.4', '1.21.1', '1.20.1'],
		defaultVersion: '1.21.4',
	},
	{ id: 'paper', name: 'Paper', versions: ['1.21.4', '1.20.1'], defaultVersion: '1.21.4' },
	{ id: 'neoforge', name: 'NeoForge', versions: ['1.21.1', '1.20.4'], defaultVersion: '1.21.1' },
];

beforeEach(() => $softwareDraft.set(startingDraft(catalogue, null)));

describe('the software chooser', () => {
	it('starts at what the server runs, else the catalogue’s first software at its default', () => {
		const paper = { software: 'paper' as const, minecraftVersion: '1.20.1' };
		expect(startingDraft(catalogue, paper)).toEqual({ ...paper, freshWorld: false });
		expect(startingDraft(catalogue, null)).toEqual({
			software: 'vanilla',
			minecraftVersion: '1.21.4',
			freshWorld: false,
		});
		// A version the operator no longer offers is not offered again.
		expect(
			startingDraft(catalogue, { software: 'paper', minecraftVersion: '1.8.8' }).minecraftVersion,
		).toBe('1.21.4');
	});

	it('keeps the Minecraft version across software that offers it, else takes the default', () => {
		$softwareDraft.setKey('minecraftVersion', '1.20.1');
		chooseSoftware(catalogue, 'paper');
		expect($softwareDraft.get()).toMatchObject({ software: 'paper', minecraftVersion: '1.20.1' });
		chooseSoftware(catalogue, 'neoforge');
		expect($softwareDraft.get()).toMatchObject({
			software: 'neoforge',
			minecraftVersion: '1.21.1',
		});
	});

	it('is nothing to change when it is what runs, unless the world starts fresh', () => {
		const current = { software: 'vanilla' as const, minecraftVersion: '1.21.4' };
		const draft = startingDraft(catalogue, current);
		expect(unchanged(draft, current)).toBe(true);
		expect(unchanged({ ...draft, freshWorld: true }, current)).toBe(false);
		expect(unchanged({ ...draft, software: 'paper' }, current)).toBe(false);
		expect(unchanged(draft, null)).toBe(false);
	});

	it('offers the pack search every Minecraft version, newest first', () => {
		expect(gameVersions(catalogue)).toEqual(['1.21.4', '1.21.1', '1.20.4', '1.20.1']);
	});
});
