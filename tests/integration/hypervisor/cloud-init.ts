import { parse } from 'yaml';

// What a machine's first boot makes of the `sshkeys` Proxmox keeps, step by step as the real
// programs do it, so a test can ask whether a key reaches `authorized_keys` as it was given:
// 1. Proxmox (qemu-server Cloudinit.pm, cloudinit_userdata): `uri_unescape` (percent escapes to
//    bytes), split on "\n", blank lines dropped, each key written unquoted as `  - <key>` under
//    `ssh_authorized_keys:` in the NoCloud user-data.
// 2. cloud-init reads that file with PyYAML (YAML 1.1): the bytes must be UTF-8, every character
//    printable by its reader's set, and its scanner breaks lines at \r\n, \r, \n, U+0085, U+2028
//    and U+2029; a plain scalar ends at a tab, which then cannot start a token.

/** Perl's URI::Escape::uri_unescape of a value, then the bytes read as UTF-8 (or null). */
function uriUnescape(value: string): string | null {
	const bytes: number[] = [];
	for (let i = 0; i < value.length; i++) {
		const escape = /^%([0-9A-Fa-f]{2})/.exec(value.slice(i, i + 3));
		if (escape) {
			bytes.push(parseInt(escape[1]!, 16));
			i += 2;
		} else bytes.push(...Buffer.from(value[i]!, 'utf8'));
	}
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
	} catch {
		return null;
	}
}

/** The NoCloud user-data Proxmox writes for a machine's `sshkeys` (its other lines as they are). */
export function proxmoxUserData(sshkeys: string): string | null {
	const text = uriUnescape(sshkeys);
	if (text === null) return null;
	const keys = text.split('\n').filter((key) => /\S/.test(key));
	return [
		'#cloud-config',
		'hostname: vps',
		'manage_etc_hosts: true',
		'user: root',
		'disable_root: False',
		'ssh_authorized_keys:',
		...keys.map((key) => `  - ${key}`),
		'chpasswd:',
		'  expire: False',
		'',
	].join('\n');
}

/** PyYAML's reader: anything else in the stream is "special characters are not allowed". */
const nonPrintable = /[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** The keys cloud-init installs from this user-data, or null when it cannot read the file. */
export function cloudInitKeys(userData: string | null): unknown[] | null {
	if (userData === null || nonPrintable.test(userData) || userData.includes('\t')) return null;
	try {
		const data: unknown = parse(userData.replace(/\r\n|[\r\x85\u2028\u2029]/g, '\n'), {
			version: '1.1',
		});
		if (typeof data !== 'object' || data === null || !('ssh_authorized_keys' in data)) return null;
		const keys: unknown = data.ssh_authorized_keys;
		return Array.isArray(keys) ? keys : null;
	} catch {
		return null;
	}
}
