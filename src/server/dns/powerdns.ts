import { z } from 'zod';
import type { PowerDnsConfig } from './config';
import { DnsError, DnsNotFoundError, DnsUnavailableError, DnsValidationError } from './errors';
import { checkChange, checkName, zoneOf } from './names';
import type { DnsPort, RecordType } from './types';
import { errorText } from '../log/error-text';

// The adapter for the PowerDNS Authoritative Server's HTTP API (v1, 4.x): a change is one
// `PATCH /api/v1/servers/{server}/zones/{zone}` with `rrsets`, each `changetype` REPLACE (name, type,
// ttl, every record of the set) or DELETE (name and type only), applied by PowerDNS in one
// transaction; names and name contents are canonical (trailing dot); `X-API-Key` on every call.
// Answers: 204 done; 401 bad key; 404 unknown zone; 422 (or 400) refused, `{ "error": … }`.

const dotted = (name: string) => `${name}.`;
const undotted = (name: string) => name.replace(/\.$/, '');

/** A content in PowerDNS's canonical form: host names in CNAME, PTR and SRV end in a dot. */
export function canonicalContent(type: RecordType, content: string): string {
	if (type === 'CNAME' || type === 'PTR') return dotted(content);
	if (type === 'SRV') {
		const parts = content.split(' ');
		return [...parts.slice(0, 3), dotted(parts[3] ?? '')].join(' ');
	}
	return content;
}

/** A content as the port gives it back: no trailing dots. */
function portContent(type: RecordType, content: string): string {
	if (type === 'CNAME' || type === 'PTR') return undotted(content).toLowerCase();
	if (type === 'SRV') {
		const parts = content.trim().split(/\s+/);
		return [...parts.slice(0, 3), undotted(parts[3] ?? '').toLowerCase()].join(' ');
	}
	return content;
}

const zoneSchema = z.object({
	rrsets: z
		.array(
			z.object({
				name: z.string(),
				type: z.string(),
				records: z.array(z.object({ content: z.string(), disabled: z.boolean().optional() })),
			}),
		)
		.optional(),
});

export function createPowerDns(
	config: PowerDnsConfig,
	options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): DnsPort {
	const doFetch = options.fetch ?? fetch;
	const timeoutMs = options.timeoutMs ?? 10_000;
	const zones = [config.zone, ...config.reverseZones];
	const zoneUrl = (zone: string) =>
		`${config.url}/api/v1/servers/${encodeURIComponent(config.serverId)}/zones/${encodeURIComponent(dotted(zone))}`;

	async function send(method: 'GET' | 'PATCH', url: string, body?: unknown): Promise<unknown> {
		let response: Response;
		let text: string;
		try {
			response = await doFetch(url, {
				method,
				headers: {
					'X-API-Key': config.apiKey,
					Accept: 'application/json',
					...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
				},
				...(body !== undefined ? { body: JSON.stringify(body) } : {}),
				redirect: 'manual',
				signal: AbortSignal.timeout(timeoutMs),
			});
			text = await response.text();
		} catch (error) {
			throw new DnsUnavailableError(`PowerDNS ${method} did not answer: ${errorText(error)}`, {
				cause: error,
			});
		}
		let answer: unknown;
		try {
			answer = text ? JSON.parse(text) : undefined;
		} catch {
			answer = undefined;
		}
		const error =
			answer && typeof answer === 'object' && 'error' in answer ? answer.error : undefined;
		const detail: string = typeof error === 'string' && error ? error : text.slice(0, 200);
		const { status } = response;
		if (status >= 200 && status < 300) return answer;
		if (status === 401 || status === 403)
			throw new DnsError(`PowerDNS refused the API key (${status})`, { status });
		if (status === 404) throw new DnsNotFoundError(`PowerDNS: ${detail}`, { status });
		if (status === 400 || status === 422)
			throw new DnsValidationError(`PowerDNS refused the change: ${detail}`, { status });
		if (status === 429 || status >= 500)
			throw new DnsUnavailableError(`PowerDNS answered ${status}: ${detail}`, { status });
		throw new DnsError(`PowerDNS answered ${status}: ${detail}`, { status });
	}

	return {
		kind: 'powerdns',
		zone: config.zone,
		reverseZones: config.reverseZones,

		async change(change) {
			// Checked here too, so a refusal names our input the same way the embedded DNS does.
			const checked = checkChange(change, zones, config.ttl);
			const rrsets = [
				...checked.remove.map((key) => ({
					name: dotted(key.name),
					type: key.type,
					changetype: 'DELETE',
				})),
				...checked.replace.map((set) => ({
					name: dotted(set.name),
					type: set.type,
					ttl: set.ttl,
					changetype: 'REPLACE',
					records: set.contents.map((content) => ({
						content: canonicalContent(set.type, content),
						disabled: false,
					})),
				})),
			];
			await send('PATCH', zoneUrl(checked.zone), { rrsets });
		},

		async lookup(name, type) {
			const lower = checkName(name);
			const zone = zoneOf(lower, zones);
			const query = new URLSearchParams({ rrset_name: dotted(lower), rrset_type: type });
			const answer = zoneSchema.safeParse(await send('GET', `${zoneUrl(zone)}?${query}`));
			if (!answer.success) throw new DnsError('PowerDNS answered a zone in an unknown shape');
			// Older servers ignore the filter and send the whole zone: filtered here either way.
			return (answer.data.rrsets ?? [])
				.filter((set) => undotted(set.name).toLowerCase() === lower && set.type === type)
				.flatMap((set) => set.records.filter((record) => !record.disabled))
				.map((record) => portContent(type, record.content));
		},

		async probe() {
			await send('GET', `${zoneUrl(config.zone)}?rrsets=false`);
		},
	};
}
