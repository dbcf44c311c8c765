import { z } from 'zod';
import { minecraftSoftwareSchema } from '../domain/minecraft-software';

// The shape of the operator's software catalogue (content/catalogue/minecraft-software.json):
// the build checks the file with it (src/lib/catalogue/validate.ts), catalogue.ts parses it.

/** A release number such as `1.21` or `1.21.4`. */
const minecraftVersionSchema = z.string().regex(/^\d{1,3}\.\d{1,3}(\.\d{1,3})?$/);

/** Orders release numbers part by part: `1.21.4` after `1.21.1`, `1.21` before `1.21.1`. */
export function compareMinecraftVersions(a: string, b: string): number {
	const pa = a.split('.').map(Number);
	const pb = b.split('.').map(Number);
	for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
		const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
		if (diff !== 0) return diff;
	}
	return 0;
}

const newestFirst = (versions: string[]) =>
	versions.every((v, i) => i === 0 || compareMinecraftVersions(versions[i - 1]!, v) > 0);

export const softwareEntrySchema = z
	.object({
		id: minecraftSoftwareSchema,
		/** Shown as it is in every language: a product's name. */
		name: z.string().min(1).max(40),
		versions: z.array(minecraftVersionSchema).min(1),
		defaultVersion: minecraftVersionSchema,
	})
	.strict()
	.refine((entry) => newestFirst(entry.versions), 'versions are not unique and newest first')
	.refine((entry) => entry.versions.includes(entry.defaultVersion), 'defaultVersion is not listed');

export type SoftwareEntry = z.infer<typeof softwareEntrySchema>;

export const softwareCatalogueSchema = z
	.array(softwareEntrySchema)
	.min(1)
	.refine(
		(entries) => new Set(entries.map((entry) => entry.id)).size === entries.length,
		'each software is listed once',
	);
