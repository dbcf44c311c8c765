import { createHash } from 'node:crypto';
import type { ModpackPlan, SoftwareInstall } from '../../../src/lib/modpacks/plan.ts';

// Install plans for the game panel's software tests: plain server software, and packs shaped like
// real ones (Fabulously Optimized on Fabric, a NeoForge pack), with their files' hashes.

const hex = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

function file(path: string) {
	return {
		path,
		bytes: 1_000_000 + path.length,
		sha1: hex('sha1', path),
		sha512: hex('sha512', path),
		downloads: [`https://cdn.modrinth.com/data/AANobbMI/versions/x/${path.split('/').at(-1)}`],
	};
}

export const fabulouslyOptimized: ModpackPlan = {
	projectId: '1KVo5zza',
	versionId: 'TFOzd3Yp',
	name: 'Fabulously Optimized',
	versionName: '6.1.0',
	loader: 'fabric',
	loaderVersion: '0.16.9',
	gameVersion: '1.21.4',
	recommendedRamGb: 4,
	packUrl: 'https://cdn.modrinth.com/data/1KVo5zza/versions/TFOzd3Yp/FO-6.1.0.mrpack',
	files: [file('mods/sodium-fabric-0.6.5.jar'), file('mods/lithium-fabric-0.14.3.jar')],
	overrides: ['config/yosbr/options.txt'],
};

export const neoforgePack: ModpackPlan = {
	...fabulouslyOptimized,
	projectId: 'Ns1aQ5ZT',
	versionId: 'ZvXh2bNw',
	name: 'Frosty Create',
	versionName: '2.0.1',
	loader: 'neoforge',
	loaderVersion: '21.1.77',
	gameVersion: '1.21.1',
	recommendedRamGb: 6,
	files: [file('mods/create-1.21.1-6.0.4.jar')],
	overrides: [],
};

/** A pack whose NeoForge is for another Minecraft: the installer refuses it. */
export const mismatchedPack: ModpackPlan = { ...neoforgePack, loaderVersion: '20.4.237' };

export const modpack = (plan: ModpackPlan): SoftwareInstall => ({ kind: 'modpack', plan });
export const paper: SoftwareInstall = {
	kind: 'software',
	software: 'paper',
	minecraftVersion: '1.21.4',
};
