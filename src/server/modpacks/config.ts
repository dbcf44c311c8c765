import packageJson from '../../../package.json' with { type: 'json' };
import { ModpackConfigError } from './errors.ts';

// The modpack source's settings, checked once and all together. The start-up check reads them too,
// so relative imports carry .ts: the site server loads that check directly.

export const defaultModrinthUrl = 'https://api.modrinth.com/v2';

export interface ModrinthConfig {
	kind: 'modrinth';
	/** API v2's base, without a trailing slash. */
	apiUrl: string;
	/** Sent on every call: Modrinth blocks anonymous and library-only agents. */
	userAgent: string;
}

export type ModpackConfig = { kind: 'embedded' } | ModrinthConfig;

type Env = Record<string, string | undefined>;

/**
 * A User-Agent that is only an HTTP library's (what Node's fetch, axios, curl, okhttp … send when
 * told nothing): Modrinth asks for one that names the project and a contact, and may block these.
 */
export const libraryAgent =
	/^(node|undici|node-fetch|axios|got|ky|okhttp|python-requests|python-urllib|curl|wget|go-http-client|java|apache-httpclient|reqwest)(\/\S*)?(\s+\S+\/\S*)*$/i;

/** What Modrinth asks of a User-Agent: it names the application and how to reach its operator. */
export function agentProblem(agent: string): string | null {
	if (!/^[\x20-\x7e]{8,256}$/.test(agent))
		return 'MODRINTH_USER_AGENT must be 8 to 256 printable ASCII characters';
	if (libraryAgent.test(agent.trim()))
		return `MODRINTH_USER_AGENT "${agent}" is an HTTP library's, not ours`;
	if (!/\S+\/\S+/.test(agent) || !/@|https?:\/\//.test(agent))
		return 'MODRINTH_USER_AGENT must name the application (name/version) and a contact (an e-mail address or URL), e.g. "frostnode/shop/1.0 (ops@example.com)"';
	return null;
}

/** The default: the shop, its version and the seller's contact address. */
export function defaultAgent(env: Env): string {
	const contact = env.SELLER_EMAIL?.trim() || 'support@frostnode.example';
	return `frostnode/shop/${packageJson.version} (${contact})`;
}

/**
 * The modpack source's settings from the environment; throws ModpackConfigError listing every
 * problem. The Modrinth settings are read only when Modrinth is the source.
 */
export function readModpackConfig(env: Env): ModpackConfig {
	const problems: string[] = [];
	const source = env.MODPACK_SOURCE?.trim() || 'embedded';
	if (source !== 'embedded' && source !== 'modrinth')
		problems.push(`MODPACK_SOURCE must be embedded or modrinth, not "${source}"`);
	if (source !== 'modrinth') {
		if (problems.length) throw new ModpackConfigError(problems.join('; '));
		return { kind: 'embedded' };
	}
	const apiUrl = (env.MODRINTH_API_URL?.trim() || defaultModrinthUrl).replace(/\/+$/, '');
	if (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol))
		problems.push('MODRINTH_API_URL must be an http(s) URL');
	else if (
		new URL(apiUrl).protocol === 'http:' &&
		!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(apiUrl).hostname)
	)
		problems.push('MODRINTH_API_URL must use https:// except on loopback');
	const userAgent = env.MODRINTH_USER_AGENT?.trim() || defaultAgent(env);
	const agent = agentProblem(userAgent);
	if (agent) problems.push(agent);
	if (problems.length) throw new ModpackConfigError(problems.join('; '));
	return { kind: 'modrinth', apiUrl, userAgent };
}
