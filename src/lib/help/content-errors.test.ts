import { describe, expect, it } from 'vitest';
import { contentPath, schemaHint, yamlMessage } from './content-errors';

const file = '/home/editor/frostnode/content/help/en/palworld/update-broke-your-server.mdx';

describe('help content errors', () => {
	it('name the file by its path in the repository, on any system', () => {
		expect(contentPath(file)).toBe('content/help/en/palworld/update-broke-your-server.mdx');
		expect(contentPath('C:\\site\\content\\help\\de\\rust\\connect.mdx')).toBe(
			'content/help/de/rust/connect.mdx',
		);
	});

	it('send the editor to the frontmatter of that file', () => {
		expect(schemaHint(file)).toMatch(
			/^Fix the frontmatter of content\/help\/en\/palworld\/update-broke-your-server\.mdx /,
		);
	});

	it('say how to quote a value YAML cannot read, with the line', () => {
		expect(yamlMessage(file, 'bad indentation of a mapping entry', 2)).toBe(
			'content/help/en/palworld/update-broke-your-server.mdx, line 2: the frontmatter is not valid YAML (bad indentation of a mapping entry). A value that holds ": " or " #", or starts with a quote, [, {, &, *, !, |, >, %, @ or `, goes in double quotes: title: "Palworld update broke your server: do this"',
		);
		expect(yamlMessage(file, 'x', undefined)).toMatch(
			/^content\/help\/en\/palworld\/update-broke-your-server\.mdx: /,
		);
	});
});
