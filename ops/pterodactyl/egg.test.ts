import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INSTALLER_VARIABLES } from '../../src/server/game-panel/pterodactyl-software.ts';
import { builtEgg, EGG_FILE } from './build-egg.ts';

// The egg the operator imports: the panel's PTDL_v2 export format, its install script the .sh
// beside it (never edited apart), and the variables the adapter sets, each with rules the panel
// can apply and none a customer may edit.

const eggSchema = z.object({
	meta: z.object({ version: z.literal('PTDL_v2') }),
	name: z.literal('Frostnode Minecraft'),
	docker_images: z.record(z.string().regex(/^Java \d+$/), z.string().regex(/:java_\d+$/)),
	startup: z.string(),
	config: z.object({ files: z.string(), startup: z.string(), logs: z.string(), stop: z.string() }),
	scripts: z.object({
		installation: z.object({ script: z.string(), container: z.string(), entrypoint: z.string() }),
	}),
	variables: z.array(
		z.object({
			env_variable: z.string(),
			default_value: z.string(),
			user_viewable: z.boolean(),
			user_editable: z.literal(false),
			rules: z.string(),
		}),
	),
});

const egg = eggSchema.parse(JSON.parse(readFileSync(EGG_FILE, 'utf8')));

describe('the Frostnode Minecraft egg', () => {
	it('embeds the install script as the .sh file has it (npm run egg:build)', async () => {
		expect(readFileSync(EGG_FILE, 'utf8')).toBe(await builtEgg());
	});

	it('has every variable the adapter sets, nobody can edit them in the panel', () => {
		const names = egg.variables.map((v) => v.env_variable);
		expect(names).toEqual(expect.arrayContaining([...INSTALLER_VARIABLES]));
		for (const v of egg.variables)
			expect(v.rules.split('|')[0], v.env_variable).toMatch(/^(required|nullable)$/);
	});

	it('starts from the start file the script guarantees, and is done at the server’s line', () => {
		expect(egg.startup).toContain('cat .serverjar');
		expect(egg.startup).toContain('@unix_args.txt');
		expect(JSON.parse(egg.config.startup)).toEqual({ done: ')! For help, type ' });
		expect(egg.scripts.installation.entrypoint).toBe('bash');
		// The loaders' installers are Java programs.
		expect(egg.scripts.installation.container).toMatch(/jdk/);
	});
});
