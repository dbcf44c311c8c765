import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

export default defineConfig(
	{
		ignores: [
			'dist/',
			'.astro/',
			'node_modules/',
			'supabase/.data/',
			'test-results/',
			'playwright-report/',
			'bench-results/',
		],
	},
	...tseslint.configs.recommendedTypeChecked.map((config) => ({
		...config,
		files: ['**/*.{ts,tsx}'],
	})),
	{
		files: ['**/*.{ts,tsx}'],
		languageOptions: {
			parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
		},
		rules: {
			'@typescript-eslint/consistent-type-imports': 'error',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
			],
		},
	},
	{
		// Global type augmentation (App.Locals) can only name other modules' types with import().
		files: ['**/*.d.ts'],
		rules: { '@typescript-eslint/consistent-type-imports': 'off' },
	},
	{
		// Tests read untyped API answers (supabase-js without generated types) and assert on them.
		files: ['**/*.test.ts', 'tests/**/*.ts'],
		rules: {
			'@typescript-eslint/no-unsafe-assignment': 'off',
			'@typescript-eslint/no-unsafe-member-access': 'off',
			'@typescript-eslint/no-unsafe-return': 'off',
			'@typescript-eslint/no-unsafe-argument': 'off',
		},
	},
	...astro.configs.recommended,
	{
		// Browser code and pure logic must never pull in server-only modules (service keys, gateways).
		files: ['src/islands/**', 'src/stores/**', 'src/lib/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['**/server', '**/server/**', '~/server/**'],
							message: 'src/server is server-only.',
						},
					],
				},
			],
		},
	},
);
