import { describe, expect, it } from 'vitest';
import { parseGoTemplate, renderGoTemplate } from './go-template.ts';

const render = (source: string, data: unknown) => renderGoTemplate(parseGoTemplate(source), data);

const byLocale = `{{ $locale := or .Data.locale "en" }}
{{- if eq $locale "de" -}} Hallo {{ .Email }}
{{- else if eq $locale "no" "da" -}} Hei {{ .Email }}
{{- else -}} Hello {{ .Email }}
{{- end }}`;

describe('the Go template subset of Supabase mail templates', () => {
	it('prints fields and map keys, escaped for HTML', () => {
		expect(
			render('<a href="{{ .ConfirmationURL }}">{{ .Data.name }}</a>', {
				ConfirmationURL: 'https://x.example/?a=1&b=2',
				Data: { name: '<Kari>' },
			}),
		).toBe('<a href="https://x.example/?a=1&amp;b=2">&lt;Kari&gt;</a>');
	});

	it('branches on the locale in the user metadata, trimming around {{- -}}', () => {
		expect(render(byLocale, { Email: 'a@x', Data: { locale: 'de' } })).toBe('Hallo a@x');
		expect(render(byLocale, { Email: 'a@x', Data: { locale: 'da' } })).toBe('Hei a@x');
		expect(render(byLocale, { Email: 'a@x', Data: {} })).toBe('Hello a@x');
		expect(render(byLocale, { Email: 'a@x', Data: null })).toBe('Hello a@x');
	});

	it('nests, negates and skips comments', () => {
		const source =
			'{{/* a note */}}{{ if not .A }}no A{{ else }}{{ if and .A .B }}both{{ end }}{{ end }}';
		expect(render(source, {})).toBe('no A');
		expect(render(source, { A: 1, B: 'x' })).toBe('both');
		expect(render(source, { A: 1 })).toBe('');
	});

	it('refuses what it does not support, rather than rendering it wrong', () => {
		expect(() => parseGoTemplate('{{ range .Items }}x{{ end }}')).toThrow(/unknown word/);
		expect(() => parseGoTemplate('{{ .Email | printf "%s" }}')).toThrow();
		expect(() => parseGoTemplate('{{ if .A }}open')).toThrow(/without end/);
		expect(() => parseGoTemplate('{{ end }}')).toThrow(/without if/);
	});
});
