import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findVpsImage, vpsImages } from '../../../src/lib/vps/images.ts';
import { fakeConsoles, versionAnswer, type FakeProxmoxVersion } from './fake-proxmox-console.ts';
import { nodeRoute, seedNodes, type FakeNode } from './fake-proxmox-nodes.ts';

// An in-process stand-in for the Proxmox VE API (/api2/json) on 127.0.0.1, checking requests the
// way Proxmox does: the API token, unknown parameters, VMID, DNS name, tag, `urlencoded` sshkeys
// and ipconfig formats, locks ("VM N is locked (clone)"), "config file already exists", the
// linked-clone rules (no storage/format/target; templates only), grow-only disks. Changes are UPID
// tasks, running on their first status poll and stopped (effect applied) on the next. Its nodes
// (pve1 and pve2, each with the catalogue's templates) answer their status, machines and storage,
// and an offline node nothing (fake-proxmox-nodes.ts). It answers as one release (`version`,
// default 8.2.4): the console differs between them (fake-proxmox-console.ts).

export const fakeTokenId = 'provisioner@pve!frostnode';
export const fakeTokenSecret = '5ba8e21c-0000-4000-8000-000000000001';
export const fakeNode = 'pve1';
/** Every image's template on the node, as the catalogue names them: Ubuntu's for most tests. */
export const templateVmid = findVpsImage('ubuntu-24.04')!.templates[fakeNode]!;
export const windowsTemplateVmid = findVpsImage('windows-server-2022')!.templates[fakeNode]!;

interface Vm {
	node: string;
	template: boolean;
	status: 'running' | 'stopped';
	/** When it last started (ms), for `uptime`. */
	startedAt?: number;
	/** When it was made (ms): its RRD has no data for the intervals before. */
	createdAt: number;
	config: Record<string, string>;
}
interface Task {
	upid: string;
	polls: number;
	exit: string;
	log: string[];
	effect: () => void;
}
type Params = Record<string, string>;

export interface FakeProxmox {
	url: string;
	/** The release it answers as. */
	version: FakeProxmoxVersion;
	vms: Map<number, Vm>;
	/** The cluster's nodes: their threads, memory, VM storage, online or not. */
	nodes: Map<string, FakeNode>;
	/** Every request, for tests that check what was sent. */
	seen: { method: string; path: string; params: Params }[];
	/** The next task fails with this exit status and log (and, like Proxmox, undoes its change). */
	failNextTask(exit: string, log: string[]): void;
	/** Machines whose guest agent does not answer (not installed in the image, or hung). */
	agentDown: Set<number>;
	/** Passwords set inside running machines through the guest agent. */
	guestPasswords: Map<number, { user: string; password: string }>;
	/** The next `count` requests get a 503, as from a node that is down behind the proxy. */
	unavailableNext(count: number): void;
	reset(): void;
	close(): Promise<void>;
}

const tagPattern = /^[a-z0-9_][a-z0-9_\-+.]*$/i;
const dnsName = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
const configKeys = new Set([
	'cores',
	'memory',
	'ciuser',
	'cipassword',
	'sshkeys',
	'ipconfig0',
	'ciupgrade',
	'tags',
	'delete',
	'name',
	'description',
]);

class Refusal extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly errors?: Record<string, string>,
	) {
		super(message);
	}
}
const param = (name: string, why: string) =>
	new Refusal(400, 'Parameter verification failed.', { [name]: `${why}\n` });
const fail = (message: string) => new Refusal(500, message);
/**
 * A route this fake does not serve gets the answer Proxmox gives a path no API handler
 * takes (PVE::HTTPServer::rest_handler: HTTP 501 and these words), so a request the adapter should
 * never make fails the way it would against Proxmox.
 */
const unknownRoute = (method: string, path: string) =>
	new Refusal(501, `Method '${method} ${path}' not implemented`);

function only(params: Params, allowed: readonly string[]) {
	for (const key of Object.keys(params))
		if (!allowed.includes(key))
			throw param(
				key,
				'property is not defined in schema and the schema does not allow additional properties',
			);
}

function checkIpconfig(value: string) {
	const parts = Object.fromEntries(
		value.split(',').map((p) => [p.split('=')[0] ?? '', p.split('=')[1] ?? '']),
	);
	for (const key of Object.keys(parts))
		if (!['ip', 'gw', 'ip6', 'gw6'].includes(key))
			throw param('ipconfig0', `invalid format - unknown key '${key}'`);
	if (parts.gw && (!parts.ip || parts.ip === 'dhcp'))
		throw param('ipconfig0', 'gateway specified without specifying an IP address');
	if (parts.ip && parts.ip !== 'dhcp' && !/^\d+\.\d+\.\d+\.\d+\/\d+$/.test(parts.ip))
		throw param('ipconfig0', 'invalid format - ip');
}

function checkConfig(params: Params) {
	only(params, [...configKeys]);
	for (const key of ['cores', 'memory', 'ciupgrade'])
		if (key in params && !/^\d+$/.test(String(params[key])))
			throw param(key, "type check ('integer') failed");
	if ('sshkeys' in params) {
		const value = String(params.sshkeys);
		if (!/^[-%a-zA-Z0-9_.!~*'()]*$/.test(value))
			throw param('sshkeys', 'invalid format - invalid urlencoded string');
		if (
			!decodeURIComponent(value)
				.split('\n')
				.every((key) => /^(ssh-|ecdsa-|sk-)\S+ \S+/.test(key))
		)
			throw fail('SSH public key validation error');
	}
	if (
		'tags' in params &&
		!String(params.tags)
			.split(';')
			.every((t) => tagPattern.test(t))
	)
		throw param('tags', 'invalid format - invalid tag');
	if ('name' in params && !dnsName.test(String(params.name)))
		throw param('name', 'invalid format - value does not look like a valid DNS name');
	if ('ipconfig0' in params) checkIpconfig(String(params.ipconfig0));
}

const gb = (size: string) => {
	const [, n, unit] = /size=(\d+(?:\.\d+)?)([KMGT])?/.exec(size) ?? [];
	return Number(n) * ({ K: 1 / 1024 ** 2, M: 1 / 1024, G: 1, T: 1024 }[unit ?? 'G'] ?? 1);
};

/**
 * `GET .../rrddata` as Proxmox answers it: 70 points a minute (hour) or 30 minutes (day) apart,
 * oldest first. Intervals before the machine existed have only `time` (RRD has no data: NaN, left
 * out); pvestatd writes a stopped machine's usage as zeros beside its `maxmem` and `maxcpu`.
 */
function rrddata(found: Vm, params: Params) {
	only(params, ['timeframe', 'cf']);
	const steps: Record<string, number> = { hour: 60, day: 1800, week: 10_800, month: 43_200 };
	const step = steps[String(params.timeframe)];
	if (!step) throw param('timeframe', 'value must be one of hour, day, week, month, year');
	if (params.cf !== undefined && params.cf !== 'AVERAGE' && params.cf !== 'MAX')
		throw param('cf', "value 'x' does not have a value in the enumeration 'AVERAGE, MAX'");
	const last = Math.floor(Date.now() / 1000 / step) * step;
	const maxmem = Number(found.config.memory ?? 2048) * 1024 * 1024;
	const maxcpu = Number(found.config.cores ?? 1);
	return Array.from({ length: 70 }, (_, i) => {
		const time = last - (69 - i) * step;
		if ((time + step) * 1000 <= found.createdAt) return { time };
		const on = found.status === 'running' ? 1 : 0;
		return {
			time,
			cpu: on * (0.1 + (i % 7) / 100),
			maxcpu,
			mem: (on * maxmem) / 2,
			maxmem,
			diskread: on * 1000 * i,
			diskwrite: on * 2000 * i,
			netin: on * 300 * i,
			netout: on * 500 * i,
		};
	});
}

export async function startFakeProxmox(
	options: { version?: FakeProxmoxVersion } = {},
): Promise<FakeProxmox> {
	const version = options.version ?? '8.2.4';
	const vms = new Map<number, Vm>();
	const nodes = seedNodes();
	const tasks = new Map<string, Task>();
	const seen: FakeProxmox['seen'] = [];
	let nextFailure: { exit: string; log: string[] } | null = null;
	let unavailable = 0;
	const consoles = fakeConsoles(version, fakeTokenId, (name, why) =>
		name === null ? fail(why) : param(name, why),
	);
	let taskCount = 0;
	/** Machines whose guest agent does not answer, and what the agent last set inside each. */
	const agentDown = new Set<number>();
	const guestPasswords = new Map<number, { user: string; password: string }>();

	function reset() {
		vms.clear();
		agentDown.clear();
		guestPasswords.clear();
		consoles.reset();
		tasks.clear();
		nodes.clear();
		for (const [name, node] of seedNodes()) nodes.set(name, node);
		for (const image of vpsImages)
			for (const [node, vmid] of Object.entries(image.templates)) {
				if (!nodes.has(node)) continue;
				vms.set(vmid, {
					node,
					template: true,
					status: 'stopped',
					createdAt: Date.now() - 365 * 86_400_000,
					config: {
						name: image.id.replace(/\./g, ''),
						description: `${image.name} cloud image`,
						tags: 'image',
						cores: '1',
						memory: '1024',
						scsi0: `local-lvm:base-${vmid}-disk-0,size=2G`,
						ide2: 'local-lvm:cloudinit',
						ciupgrade: '1',
						agent: 'enabled=1',
					},
				});
			}
	}
	reset();

	function task(type: string, id: number, effect: () => void, undo: () => void = () => {}): string {
		const upid = `UPID:${fakeNode}:000${(++taskCount).toString(16)}:0001:6745A1B2:${type}:${id}:${fakeTokenId}:`;
		const failure = nextFailure;
		nextFailure = null;
		tasks.set(upid, {
			upid,
			polls: 0,
			exit: failure?.exit ?? 'OK',
			log: failure ? ['starting task', ...failure.log, `TASK ERROR: ${failure.exit}`] : ['TASK OK'],
			effect: failure ? undo : effect,
		});
		return upid;
	}

	function vm(node: string, vmid: number): Vm {
		const found = vms.get(vmid);
		if (!found || found.node !== node)
			throw fail(`Configuration file 'nodes/${node}/qemu-server/${vmid}.conf' does not exist`);
		return found;
	}
	const unlocked = (found: Vm, vmid: number) => {
		if (found.config.lock) throw fail(`VM ${vmid} is locked (${found.config.lock})`);
		return found;
	};

	function clone(node: string, source: number, params: Params): string {
		only(params, ['newid', 'name', 'description', 'full', 'storage', 'format', 'target', 'pool']);
		const newid = String(params.newid ?? '');
		if (!/^\d+$/.test(newid) || Number(newid) < 100)
			throw param('newid', 'invalid format - value does not look like a valid VM ID');
		if (params.name !== undefined && !dnsName.test(String(params.name)))
			throw param('name', 'invalid format - value does not look like a valid DNS name');
		const from = unlocked(vm(node, source), source);
		const full = params.full === undefined ? !from.template : String(params.full) === '1';
		if (!full && !from.template)
			throw fail(`Linked clone feature is not supported for '${from.config.scsi0}' (scsi0)`);
		if (!full && 'storage' in params)
			throw param('storage', "parameter 'storage' not allowed for linked clones");
		if (!full && 'format' in params)
			throw param('format', "parameter 'format' not allowed for linked clones");
		if ('target' in params)
			throw fail(`can't clone VM to node '${String(params.target)}' (VM uses local storage)`);
		const id = Number(newid);
		if (vms.has(id)) throw fail(`unable to create VM ${id}: config file already exists`);
		const config: Record<string, string> = {
			...from.config,
			lock: 'clone',
			scsi0: `local-lvm:base-${source}-disk-0/vm-${id}-disk-0,size=${gb(from.config.scsi0 ?? '')}G`,
		};
		if (params.name !== undefined) config.name = String(params.name);
		if (params.description !== undefined) config.description = String(params.description);
		vms.set(id, { node, template: false, status: 'stopped', config, createdAt: Date.now() });
		return task(
			'qmclone',
			source,
			() => delete vms.get(id)!.config.lock,
			() => vms.delete(id),
		);
	}

	function route(method: string, path: string, params: Params): unknown {
		if (method === 'GET') {
			if (/^\/nodes\/[^/]+\/qemu$/.test(path)) only(params, ['full']);
			else if (/^\/nodes(\/[^/]+\/(status|storage\/[^/]+\/status))?$/.test(path)) only(params, []);
			const answer = nodeRoute(path, nodes, vms, (status, message) =>
				status === 400 ? param('storage', message) : new Refusal(status, message),
			);
			if (answer !== undefined) return answer;
		}
		const offline = /^\/nodes\/([^/]+)\//.exec(path)?.[1];
		if (offline && nodes.get(offline)?.status === 'offline')
			throw new Refusal(595, 'No route to host');
		if (method === 'GET' && path === '/version') return versionAnswer(version);
		if (method === 'GET' && path === '/cluster/resources')
			return [...vms].map(([vmid, v]) => ({
				id: `qemu/${vmid}`,
				type: 'qemu',
				vmid,
				node: v.node,
				name: v.config.name,
				status: v.status,
				template: v.template ? 1 : 0,
				...(v.config.tags ? { tags: v.config.tags } : {}),
			}));
		const taskPath = /^\/nodes\/([^/]+)\/tasks\/([^/]+)\/(status|log)$/.exec(path);
		if (method === 'GET' && taskPath) {
			const found = tasks.get(decodeURIComponent(taskPath[2]!));
			if (!found) throw fail('no such task');
			if (taskPath[3] === 'log') return found.log.map((t, i) => ({ n: i + 1, t }));
			if (found.polls++ === 0) return { status: 'running', upid: found.upid };
			if (found.polls === 2) found.effect();
			return { status: 'stopped', exitstatus: found.exit, upid: found.upid };
		}
		const match = /^\/nodes\/([^/]+)\/qemu\/(\d+)(\/.*)?$/.exec(path);
		if (!match) throw unknownRoute(method, path);
		const [, node = '', idText = '', rest = ''] = match;
		const vmid = Number(idText);
		if (method === 'POST' && rest === '/clone') return clone(node, vmid, params);
		const found = vm(node, vmid);
		if (method === 'GET' && rest === '/config')
			return { ...found.config, ...(found.config.cipassword ? { cipassword: '**********' } : {}) };
		if (method === 'GET' && rest === '/status/current')
			return {
				status: found.status,
				qmpstatus: found.status,
				uptime:
					found.status === 'running' && found.startedAt
						? Math.floor((Date.now() - found.startedAt) / 1000) + 1
						: 0,
				name: found.config.name,
				...(found.config.lock ? { lock: found.config.lock } : {}),
				...(found.config.tags ? { tags: found.config.tags } : {}),
			};
		if ((method === 'PUT' || method === 'POST') && rest === '/config') {
			checkConfig(params);
			unlocked(found, vmid);
			for (const key of String(params.delete ?? '')
				.split(',')
				.filter(Boolean))
				delete found.config[key];
			for (const [key, value] of Object.entries(params))
				if (key !== 'delete') found.config[key] = String(value);
			return null;
		}
		if (method === 'PUT' && rest === '/resize') {
			only(params, ['disk', 'size']);
			if (!/^\+?\d+(\.\d+)?[KMGT]?$/.test(String(params.size)))
				throw param('size', 'value does not match the regex pattern');
			const disk = found.config[String(params.disk)];
			if (!disk) throw fail(`disk '${String(params.disk)}' does not exist`);
			unlocked(found, vmid);
			const size = String(params.size);
			const wanted = size.startsWith('+')
				? gb(disk) + gb(`size=${size.slice(1)}`)
				: gb(`size=${size}`);
			if (wanted < gb(disk)) throw fail('shrinking disks is not supported');
			return task(
				'resize',
				vmid,
				() => (found.config[String(params.disk)] = disk.replace(/size=[^,]+/, `size=${wanted}G`)),
			);
		}
		if (method === 'GET' && rest === '/rrddata') return rrddata(found, params);
		const power = /^\/status\/(start|stop|shutdown|reboot|reset)$/.exec(rest);
		if (method === 'POST' && power) {
			unlocked(found, vmid);
			const action = power[1]!;
			if (action === 'start' && found.status === 'running')
				throw fail(`VM ${vmid} already running`);
			if (action !== 'start' && action !== 'stop' && found.status !== 'running')
				throw fail(`VM ${vmid} not running`);
			return task(`qm${action}`, vmid, () => {
				const up = action === 'start' || action === 'reboot' || action === 'reset';
				found.status = up ? 'running' : 'stopped';
				if (up) found.startedAt = Date.now();
			});
		}
		if (method === 'DELETE' && rest === '') {
			unlocked(found, vmid);
			if (found.status === 'running') throw fail(`VM ${vmid} is running - destroy failed`);
			return task('qmdestroy', vmid, () => vms.delete(vmid));
		}
		if (method === 'GET' && rest === '/agent/get-osinfo') {
			if (found.status !== 'running') throw fail(`VM ${vmid} is not running`);
			if (!found.config.agent?.includes('enabled=1')) throw fail('No QEMU guest agent configured');
			if (agentDown.has(vmid)) throw fail('QEMU guest agent is not running');
			return { result: { id: 'debian', name: 'Debian GNU/Linux' } };
		}
		if (method === 'POST' && rest === '/agent/set-user-password') {
			only(params, ['username', 'password', 'crypted']);
			if (!params.username || !params.password || params.password.length > 1024)
				throw param('password', 'value may only be 1024 characters long');
			if (found.status !== 'running') throw fail(`VM ${vmid} is not running`);
			if (agentDown.has(vmid)) throw fail('QEMU guest agent is not running');
			guestPasswords.set(vmid, { user: params.username, password: params.password });
			return null;
		}
		if (method === 'POST' && rest === '/vncproxy')
			return {
				...consoles.vncproxy(vmid, found.status === 'running', params),
				upid: task('vncproxy', vmid, () => {}),
			};
		throw unknownRoute(method, path);
	}

	const send = (res: ServerResponse, status: number, reason: string, body: unknown) =>
		res.writeHead(status, reason, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://fake');
		const method = req.method ?? 'GET';
		let text = '';
		for await (const chunk of req) text += String(chunk);
		if (req.headers.authorization !== `PVEAPIToken=${fakeTokenId}=${fakeTokenSecret}`)
			return send(res, 401, 'authentication failure', { data: null });
		if (!url.pathname.startsWith('/api2/json/')) return send(res, 404, 'Not Found', { data: null });
		if (unavailable > 0) {
			unavailable -= 1;
			return send(res, 503, 'Service Unavailable', { data: null });
		}
		const path = url.pathname.slice('/api2/json'.length);
		let params: Params = Object.fromEntries(url.searchParams);
		if (method === 'POST' || method === 'PUT') {
			if (req.headers['content-type'] !== 'application/json' || !text)
				return send(res, 400, 'Not a HASH reference', { data: null });
			params = Object.fromEntries(
				Object.entries(JSON.parse(text) as Record<string, unknown>).map(([key, value]) => [
					key,
					typeof value === 'string' ? value : JSON.stringify(value),
				]),
			);
		}
		seen.push({ method, path, params });
		try {
			send(res, 200, 'OK', { data: route(method, path, params) ?? null });
		} catch (error) {
			if (!(error instanceof Refusal)) throw error;
			send(res, error.status, error.message.split('\n')[0]!, {
				data: null,
				message: `${error.message}\n`,
				...(error.errors ? { errors: error.errors } : {}),
			});
		}
	}

	const server = createServer((req, res) => void handle(req, res));
	server.on('upgrade', (req, socket, head: Buffer) =>
		consoles.upgrade(
			req,
			socket,
			head,
			req.headers.authorization === `PVEAPIToken=${fakeTokenId}=${fakeTokenSecret}`,
		),
	);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		version,
		vms,
		nodes,
		seen,
		agentDown,
		guestPasswords,
		failNextTask: (exit, log) => void (nextFailure = { exit, log }),
		unavailableNext: (count) => void (unavailable = count),
		reset,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}
