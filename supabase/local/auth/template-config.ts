import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseGoTemplate, type GoTemplate } from './go-template.ts';

// The project's own auth mails, configured as the Supabase CLI reads them from config.toml:
//   [auth.email.template.confirmation]
//   subject = "…"                                  (a Go template too)
//   content_path = "./supabase/templates/confirmation.html"
// content_path is relative to the project folder (the parent of supabase/), as for the CLI. A mail
// kind without a section keeps GoTrue's default wording, as on a hosted project.

/** The auth mails GoTrue sends, each with its own template. */
export type MailKind =
	'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication';

/** The kinds mailed as a link to /verify; a reauthentication code is typed back, never followed. */
export type LinkMailKind = Exclude<MailKind, 'reauthentication'>;

export interface EmailTemplate {
	subject: GoTemplate;
	content: GoTemplate;
}

export type EmailTemplates = Partial<Record<MailKind, EmailTemplate>>;

/** config.toml's template names for the mail kinds GoTrue sends. */
const sectionOf: Record<MailKind, string> = {
	signup: 'confirmation',
	invite: 'invite',
	magiclink: 'magic_link',
	recovery: 'recovery',
	email_change: 'email_change',
	reauthentication: 'reauthentication',
};

/** A flat TOML string value: "basic" (JSON-like escapes) or 'literal'. */
function stringValue(body: string, key: string): string | undefined {
	const match = new RegExp(
		`^${key}\\s*=\\s*("(?:[^"\\\\]|\\\\.)*"|'[^']*')\\s*(?:#.*)?$`,
		'm',
	).exec(body);
	if (!match) return undefined;
	const raw = match[1]!;
	return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
}

/**
 * The templates `configFile` names, parsed (a template outside the supported Go subset, or a
 * missing file, fails the start with its name); empty for a file without template sections.
 */
export function readEmailTemplates(configFile: string): EmailTemplates {
	const toml = readFileSync(configFile, 'utf8');
	const project = resolve(dirname(configFile), '..');
	const templates: EmailTemplates = {};
	for (const [kind, name] of Object.entries(sectionOf) as [MailKind, string][]) {
		const body = toml.split(/^\[/m).find((part) => part.startsWith(`auth.email.template.${name}]`));
		if (!body) continue;
		const subject = stringValue(body, 'subject');
		const contentPath = stringValue(body, 'content_path');
		if (!subject || !contentPath)
			throw new Error(
				`${configFile}: [auth.email.template.${name}] needs subject and content_path`,
			);
		const file = resolve(project, contentPath);
		try {
			templates[kind] = {
				subject: parseGoTemplate(subject),
				content: parseGoTemplate(readFileSync(file, 'utf8')),
			};
		} catch (error) {
			throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
		}
	}
	return templates;
}
