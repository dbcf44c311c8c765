import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';

// An in-process stand-in for a PowerDNS Authoritative Server's HTTP API (v1) on 127.0.0.1: it
// checks the key, the zone, the canonical names and the rrset shape the way PowerDNS does, applies
// a PATCH all or nothing, refuses a CNAME beside other data, and answers GETs of a zone (with the
// `rrset_name` / `rrset_type` filter and `rrsets=false`). A fault can be injected for the next call.

export const fakeApiKey = 'fake-powerdns-key';

interface Rrset {
	name: string;
	type: string;
	ttl: number;
	records: { content: string; disabled: boolean }[];
}

export interface FakePowerDns {
	url: string;
	/** zone id (with trailing dot) → "name type" → rrset. */
	zones: Map<string, Map<string, Rrset>>;
	/** Every request, for tests that check what was sent. */
	seen: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[];
	/** The next request is answered with this status (and changes nothing). */
	failNext(status: number): void;
	close(): Promise<void>;
}

const types = new Set(['A', 'AAAA', 'CNAME', 'SRV', 'PTR', 'TXT', 'MX', 'NS', 'SOA']);
const canonical = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+$/i;

function contentProblem(type: string, content: string): boolean {
	if (type === 'A') return isIP(content) !== 4;
	if (type === 'AAAA') return isIP(content) !== 6;
	if (type === 'CNAME' || type === 'PTR') return !canonical.test(content);
	if (type === 'SRV') {
		const parts = content.split(' ');
		return (
			parts.length !== 4 ||
			!parts.slice(0, 3).every((p) => /^\d{1,5}$/.test(p) && Number(p) < 65_536) ||
			!canonical.test(parts[3]!)
		);
	}
	return false;
}

export async function startFakePowerDns(zoneNames: string[]): Promise<FakePowerDns> {
	const zones = new Map(zoneNames.map((zone) => [`${zone}.`, new Map<string, Rrset>()]));
	const seen: FakePowerDns['seen'] = [];
	let fault: number | null = null;

	const send = (res: ServerResponse, status: number, body?: unknown) => {
		if (body === undefined) return void res.writeHead(status).end();
		res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
	};
	const refuse = (res: ServerResponse, status: number, error: string) =>
		send(res, status, { error });

	function patch(zoneId: string, zone: Map<string, Rrset>, body: unknown): [number, string] | null {
		if (!body || typeof body !== 'object' || !Array.isArray((body as { rrsets?: unknown }).rrsets))
			return [400, 'No rrsets given in update request'];
		const next = new Map(zone);
		const touched = new Set<string>();
		for (const raw of (body as { rrsets: Record<string, unknown>[] }).rrsets) {
			const { name, type, changetype, ttl, records } = raw;
			if (typeof name !== 'string' || typeof type !== 'string')
				return [422, "Key 'name' and 'type' must be strings"];
			if (!name.endsWith('.')) return [422, `Name '${name}' is not canonical`];
			if (!canonical.test(name)) return [422, `Name '${name}' is not a valid DNS name`];
			const lower = name.toLowerCase();
			if (lower !== zoneId && !lower.endsWith(`.${zoneId}`))
				return [422, `Name '${name}' is out of zone`];
			if (!types.has(type)) return [422, `Unknown RR type '${type}'`];
			const key = `${lower} ${type}`;
			if (touched.has(key)) return [422, `Duplicate RRset ${name} IN ${type}`];
			touched.add(key);
			if (changetype === 'DELETE') {
				if (ttl !== undefined || (Array.isArray(records) && records.length > 0))
					return [422, 'DELETE takes no ttl and no records'];
				next.delete(key);
			} else if (changetype === 'REPLACE') {
				if (!Number.isInteger(ttl)) return [422, `Key 'ttl' is not an integer`];
				if (!Array.isArray(records)) return [422, `Key 'records' is not an array`];
				if (records.length === 0) {
					next.delete(key);
					continue;
				}
				const kept: Rrset['records'] = [];
				for (const record of records as { content?: unknown; disabled?: unknown }[]) {
					if (typeof record.content !== 'string')
						return [422, `Key 'content' not present or not a String`];
					if (contentProblem(type, record.content))
						return [422, `Record ${name}/${type} '${record.content}': Not in expected format`];
					kept.push({ content: record.content, disabled: record.disabled === true });
				}
				if (type === 'CNAME' && kept.length > 1)
					return [422, `RRset ${name} IN CNAME has more than one record`];
				next.set(key, { name: lower, type, ttl: ttl as number, records: kept });
			} else return [422, `Changetype not understood`];
		}
		const byName = new Map<string, Set<string>>();
		for (const set of next.values())
			byName.set(set.name, (byName.get(set.name) ?? new Set()).add(set.type));
		for (const [name, held] of byName)
			if (held.has('CNAME') && held.size > 1)
				return [422, `RRset ${name} IN CNAME: Conflicts with pre-existing RRset`];
		zone.clear();
		for (const [key, set] of next) zone.set(key, set);
		return null;
	}

	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			let body: unknown;
			try {
				body = text ? JSON.parse(text) : undefined;
			} catch {
				return refuse(res, 400, 'Request body is not valid JSON');
			}
			const url = new URL(req.url ?? '/', 'http://fake');
			seen.push({
				method: req.method ?? '',
				path: url.pathname + url.search,
				headers: req.headers,
				body,
			});
			if (req.headers['x-api-key'] !== fakeApiKey)
				return void res.writeHead(401).end('Unauthorized');
			if (fault !== null) {
				const status = fault;
				fault = null;
				return refuse(res, status, 'Injected fault');
			}
			const match = /^\/api\/v1\/servers\/localhost\/zones\/([^/]+)$/.exec(url.pathname);
			if (!match) return refuse(res, 404, 'Not Found');
			const zoneId = decodeURIComponent(match[1]!);
			const zone = zones.get(zoneId);
			if (!zone) return refuse(res, 404, `Could not find domain '${zoneId}'`);
			if (req.method === 'PATCH') {
				if (!String(req.headers['content-type']).startsWith('application/json'))
					return refuse(res, 400, 'Content-Type must be application/json');
				const problem = patch(zoneId, zone, body);
				return problem ? refuse(res, ...problem) : send(res, 204);
			}
			if (req.method === 'GET') {
				const name = url.searchParams.get('rrset_name')?.toLowerCase();
				const type = url.searchParams.get('rrset_type');
				const rrsets = [...zone.values()]
					.filter((set) => (!name || set.name === name) && (!type || set.type === type))
					.map((set) => ({ ...set, comments: [] }));
				return send(res, 200, {
					id: zoneId,
					name: zoneId,
					kind: 'Native',
					...(url.searchParams.get('rrsets') === 'false' ? {} : { rrsets }),
				});
			}
			return refuse(res, 405, 'Method Not Allowed');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		zones,
		seen,
		failNext: (status) => void (fault = status),
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}
