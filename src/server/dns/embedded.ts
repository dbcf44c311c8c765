import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { EmbeddedDnsConfig } from './config';
import { DnsConfigError, DnsValidationError } from './errors';
import { checkChange, checkName, cnameConflicts, zoneOf } from './names';
import type { DnsPort, RecordType } from './types';
import { errorText } from '../log/error-text';

// The embedded DNS for development, demos and tests when no PowerDNS is configured. It keeps real
// records (in memory or, with DNS_EMBEDDED_FILE, in that JSON file, read on every call so the site
// and the operator's commands share it), answers lookups from them, and refuses what PowerDNS
// refuses (names.ts): names outside its zones, bad names and contents, CNAME beside other data.
// It serves no DNS on the network: players cannot resolve its names.

/* eslint-disable @typescript-eslint/require-await -- in memory, yet async like the port, so
   a refusal arrives as a rejection exactly as it does from PowerDNS. */

const setSchema = z.object({ ttl: z.number().int(), contents: z.array(z.string()) });
/** zone → "name type" → records. */
const dataSchema = z.object({ zones: z.record(z.string(), z.record(z.string(), setSchema)) });
type DnsData = z.infer<typeof dataSchema>;

const keyOf = (name: string, type: string) => `${name} ${type}`;

export function loadEmbeddedDns(file: string | undefined): DnsData {
	if (!file || !existsSync(file)) return { zones: {} };
	let parsed;
	try {
		parsed = dataSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
	} catch (error) {
		throw new DnsConfigError(`DNS_EMBEDDED_FILE ${file}: ${errorText(error)}`);
	}
	if (!parsed.success)
		throw new DnsConfigError(`DNS_EMBEDDED_FILE ${file} is not the embedded DNS's state`);
	return parsed.data;
}

function saveEmbeddedDns(file: string | undefined, data: DnsData): void {
	if (!file) return;
	mkdirSync(dirname(file), { recursive: true });
	// Written beside and renamed, so a crash mid-write leaves the previous state, not half a file.
	const partial = `${file}.${process.pid}.tmp`;
	writeFileSync(partial, JSON.stringify(data, null, '\t'));
	renameSync(partial, file);
}

/** What the embedded DNS answers for a name and type in a state file: for tests and operators. */
export function lookUpEmbedded(file: string, name: string, type: RecordType): string[] {
	const data = loadEmbeddedDns(file);
	const lower = name.toLowerCase().replace(/\.$/, '');
	for (const sets of Object.values(data.zones)) {
		const found = sets[keyOf(lower, type)];
		if (found) return [...found.contents];
	}
	return [];
}

export function createEmbeddedDns(config: EmbeddedDnsConfig): DnsPort {
	let data = loadEmbeddedDns(config.file);
	const load = () => (config.file ? (data = loadEmbeddedDns(config.file)) : data);
	const zones = [config.zone, ...config.reverseZones];

	return {
		kind: 'embedded',
		zone: config.zone,
		reverseZones: config.reverseZones,

		async change(change) {
			const checked = checkChange(change, zones, config.ttl);
			load();
			const next = { ...(data.zones[checked.zone] ?? {}) };
			for (const key of checked.remove) delete next[keyOf(key.name, key.type)];
			for (const set of checked.replace)
				next[keyOf(set.name, set.type)] = { ttl: set.ttl, contents: set.contents };
			const types = new Map<string, Set<string>>();
			for (const key of Object.keys(next)) {
				const [name = '', type = ''] = key.split(' ');
				types.set(name, (types.get(name) ?? new Set()).add(type));
			}
			const conflicts = cnameConflicts(types);
			if (conflicts.length)
				throw new DnsValidationError(
					`RRset ${conflicts[0]} IN CNAME: Conflicts with pre-existing RRset`,
					{ status: 422 },
				);
			data = { zones: { ...data.zones, [checked.zone]: next } };
			saveEmbeddedDns(config.file, data);
		},

		async lookup(name, type) {
			const lower = checkName(name);
			const zone = zoneOf(lower, zones);
			return [...(load().zones[zone]?.[keyOf(lower, type)]?.contents ?? [])];
		},

		async probe() {
			load();
		},
	};
}
