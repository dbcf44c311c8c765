import { z } from 'zod';
import { games, type GameId } from '../../lib/games.ts';
import { GamePanelConfigError } from './errors.ts';
import { errorText } from '../log/error-text.ts';
import { locationsFor, type Location } from '../../lib/locations/catalogue.ts';

// PTERODACTYL_* variables (relative imports carry .ts: the site server's start-up check loads this
// file directly). Every game we sell needs an egg: a game without one would only fail
// after a customer paid for it, so a gap is a configuration error up front.

type Env = Record<string, string | undefined>;

export interface EggConfig {
	nest: number;
	egg: number;
	/** Overrides the egg's default image (eggs list several, e.g. per Java version). */
	dockerImage?: string;
	/** Values for egg variables, over the egg's defaults (required ones without a default). */
	environment?: Record<string, string>;
}

export type Placement =
	/**
	 * The panel picks a node with room in the chosen location's panel locations (the catalogue's
	 * `game.panelLocationIds`), then a free port in these ranges (`deploy`).
	 */
	| { strategy: 'deploy'; portRanges: string[] }
	/**
	 * We pick the first unassigned allocation of one node (single provisioning worker only): one
	 * node is one location, so only a catalogue selling games in one location allows it.
	 */
	| { strategy: 'node'; nodeId: number };

export interface PterodactylConfig {
	kind: 'pterodactyl';
	url: string;
	applicationKey: string;
	clientKey: string;
	/** The Origin the console sends Wings, which allows only its `remote` and `allowed_origins`. */
	wingsOrigin: string;
	eggs: Record<GameId, EggConfig>;
	placement: Placement;
}

const positiveId = z.coerce.number().int().positive();
const eggSchema = z.strictObject({
	nest: positiveId,
	egg: positiveId,
	dockerImage: z.string().min(1).max(191).optional(),
	environment: z.record(z.string(), z.string()).optional(),
});
// Over plain HTTP the keys would cross the network readable; loopback (a sidecar, the tests' fake
// panel) has no network to cross.
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const PORT_RANGE = /^\d{1,5}(-\d{1,5})?$/;

function list(raw: string | undefined): string[] {
	return (raw ?? '').split(',').flatMap((part) => (part.trim() ? [part.trim()] : []));
}

function readUrl(raw: string, problems: string[]): string {
	if (!raw) {
		problems.push('PTERODACTYL_URL is not set (e.g. https://panel.example.com)');
		return raw;
	}
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		problems.push('PTERODACTYL_URL is not a URL (e.g. https://panel.example.com)');
		return raw;
	}
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
		problems.push('PTERODACTYL_URL must be https:// (plain http only on loopback)');
	return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * Wings compares the Origin header with its settings exactly, so this is sent as written (without
 * a trailing slash): by default the panel's URL, which is Wings' `remote`.
 */
function readOrigin(raw: string, problems: string[]): string {
	const origin = raw.replace(/\/+$/, '');
	if (!URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol))
		problems.push(
			'PTERODACTYL_WINGS_ORIGIN must be an http(s) address, e.g. https://panel.example.com',
		);
	return origin;
}

function readKey(name: string, raw: string | undefined, prefix: string, problems: string[]) {
	const key = raw?.trim() ?? '';
	if (!key) problems.push(`${name} is not set (a ${prefix} key)`);
	else if (!key.startsWith(prefix) || /\s/.test(key))
		problems.push(
			`${name} must be a Pterodactyl ${prefix} key` +
				(/^(papp|pacc)_/.test(key) ? ' (Pelican keys are not supported yet)' : ''),
		);
	return key;
}

function readEggs(raw: string | undefined, readFile: (path: string) => string, problems: string[]) {
	const source = raw?.trim() ?? '';
	if (!source) {
		problems.push(
			'PTERODACTYL_EGGS is not set (JSON {"minecraft":{"nest":1,"egg":5},...} or a file path)',
		);
		return {};
	}
	let json: unknown;
	try {
		json = JSON.parse(source.startsWith('{') ? source : readFile(source));
	} catch (error) {
		problems.push(`PTERODACTYL_EGGS could not be read as JSON: ${errorText(error)}`);
		return {};
	}
	const parsed = z.record(z.string(), eggSchema).safeParse(json);
	if (!parsed.success) {
		for (const issue of parsed.error.issues)
			problems.push(`PTERODACTYL_EGGS ${issue.path.join('.')}: ${issue.message}`);
		return {};
	}
	const known = new Set<string>(games.map((game) => game.id));
	const unknown = Object.keys(parsed.data).filter((key) => !known.has(key));
	const missing = [...known].filter((game) => !(game in parsed.data));
	if (unknown.length) problems.push(`PTERODACTYL_EGGS names unknown games: ${unknown.join(', ')}`);
	if (missing.length) problems.push(`PTERODACTYL_EGGS has no egg for: ${missing.join(', ')}`);
	return parsed.data;
}

function readPlacement(
	env: Env,
	gameLocations: readonly Location[],
	problems: string[],
): Placement {
	// The catalogue says where each location's servers go; a second list here could disagree.
	if (env.PTERODACTYL_LOCATION_IDS?.trim())
		problems.push(
			"PTERODACTYL_LOCATION_IDS is no longer read (remove it): each location's Pterodactyl location ids are its game.panelLocationIds in content/catalogue/locations.json",
		);
	const strategy = env.PTERODACTYL_ALLOCATION?.trim() || 'deploy';
	if (strategy === 'node') {
		const nodeId = positiveId.safeParse(env.PTERODACTYL_NODE_ID?.trim() || undefined);
		if (!nodeId.success)
			problems.push('PTERODACTYL_NODE_ID must be a node id with PTERODACTYL_ALLOCATION=node');
		if (gameLocations.length > 1)
			problems.push(
				`PTERODACTYL_ALLOCATION=node puts every server on one node, but content/catalogue/locations.json sells game servers in ${gameLocations.map((l) => l.id).join(', ')}: use deploy`,
			);
		return { strategy, nodeId: nodeId.data ?? 0 };
	}
	if (strategy !== 'deploy')
		problems.push(`PTERODACTYL_ALLOCATION must be deploy or node, not "${strategy}"`);
	const portRanges = list(env.PTERODACTYL_PORT_RANGE);
	if (portRanges.some((range) => !PORT_RANGE.test(range)))
		problems.push('PTERODACTYL_PORT_RANGE must be ports or ranges like 25565,27000-27100');
	return { strategy: 'deploy', portRanges };
}

/**
 * The Pterodactyl settings; `gameLocations` are where the catalogue sells game servers (another
 * list only in tests of the single-location case).
 */
export function readPterodactyl(
	env: Env,
	readFile: (path: string) => string,
	gameLocations: readonly Location[] = locationsFor('game'),
): PterodactylConfig {
	const problems: string[] = [];
	const url = readUrl(env.PTERODACTYL_URL?.trim() ?? '', problems);
	const applicationKey = readKey(
		'PTERODACTYL_APPLICATION_KEY',
		env.PTERODACTYL_APPLICATION_KEY,
		'ptla_',
		problems,
	);
	const clientKey = readKey(
		'PTERODACTYL_CLIENT_KEY',
		env.PTERODACTYL_CLIENT_KEY,
		'ptlc_',
		problems,
	);
	const wingsOrigin = readOrigin(env.PTERODACTYL_WINGS_ORIGIN?.trim() || url, problems);
	const eggs = readEggs(env.PTERODACTYL_EGGS, readFile, problems) as Record<GameId, EggConfig>;
	const placement = readPlacement(env, gameLocations, problems);
	if (problems.length)
		throw new GamePanelConfigError(`The game panel is not configured: ${problems.join('; ')}`);
	return { kind: 'pterodactyl', url, applicationKey, clientKey, wingsOrigin, eggs, placement };
}
