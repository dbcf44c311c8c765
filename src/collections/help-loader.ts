import type { Loader } from 'astro/loaders';
import { glob } from 'astro/loaders';
import { z } from 'zod';
import { schemaHint, yamlMessage } from '../lib/help/content-errors';

// Errors come from Astro and its YAML parser as plain objects with extra fields; read, never cast.
const located = z.object({
	name: z.string(),
	message: z.string(),
	loc: z.object({ file: z.string(), line: z.number().optional() }).optional(),
});

/** Astro's error, with the file and the fix an editor needs added where it lacks them. */
function explained(error: unknown, file?: string): unknown {
	const read = located.safeParse(error);
	if (!read.success || typeof error !== 'object' || error === null) return error;
	const path = file ?? read.data.loc?.file;
	if (!path) return error;
	if (read.data.name === 'InvalidContentEntryDataError')
		Reflect.set(error, 'hint', schemaHint(path));
	if (read.data.name === 'YAMLException')
		Reflect.set(error, 'message', yamlMessage(path, read.data.message, read.data.loc?.line));
	return error;
}

/**
 * The help articles' loader: Astro's glob loader over `content/help/<locale>/<topic>/<slug>.mdx`,
 * whose frontmatter errors (a missing field, YAML that does not parse) say which file to fix and how.
 */
export function helpLoader(): Loader {
	const files = glob({ pattern: '*/*/*.mdx', base: './content/help' });
	return {
		name: 'help-articles',
		load: async (context) => {
			try {
				await files.load({
					...context,
					parseData: async (props) => {
						try {
							return await context.parseData(props);
						} catch (error) {
							throw explained(error, props.filePath);
						}
					},
				});
			} catch (error) {
				throw explained(error);
			}
		},
	};
}
