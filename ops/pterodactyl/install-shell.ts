import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SCRIPT_FILE } from './build-egg.ts';

// Runs the egg's install script in bash for the tests: sourced (so `main` does not run), with the
// network replaced by a folder of fixtures (`https://host/path` is `<fixtures>/host/path`) and
// `java` by a stand-in, then a snippet that calls its functions. Needs bash, jq, unzip, coreutils.

export interface ShellRun {
	status: number;
	stdout: string;
	stderr: string;
}

export interface Sandbox {
	/** The server's folder (SERVER_DIR, and the working directory). */
	server: string;
	/** The fake network: files at `<fixtures>/<host>/<path>`. */
	fixtures: string;
	run(snippet: string, env?: Record<string, string>): ShellRun;
	/** Writes a file under the server's folder or, with `https://…`, into the fake network. */
	put(path: string, content: string | Buffer): string;
}

const STUBS = `
fetch() { local f="$FIXTURES/\${1#https://}"; [[ -f $f ]] && cp -- "$f" "$2"; }
fetch_json() { local f="$FIXTURES/\${1#https://}"; [[ -f $f ]] && cat -- "$f"; }
# The loaders' installers: write what each real one leaves behind.
java() {
	case "$*" in
	*fabric-installer.jar*) echo jar >fabric-server-launch.jar; echo jar >server.jar ;;
	*quilt-installer.jar*) echo jar >quilt-server-launch.jar; echo jar >server.jar ;;
	*) local f; while IFS= read -r f; do
		[[ -z $f ]] || { mkdir -p "$(dirname "$f")"; echo args >"$f"; }
	done <<<"$JAVA_WRITES" ;;
	esac
	[[ -z $JAVA_FAILS ]]
}
`;

export function sandbox(): Sandbox {
	const base = mkdtempSync(join(tmpdir(), 'frostnode-egg-'));
	const server = join(base, 'server');
	const fixtures = join(base, 'net');
	mkdirSync(server);
	mkdirSync(fixtures);
	return {
		server,
		fixtures,
		put(path, content) {
			const file = path.startsWith('https://')
				? join(fixtures, path.slice('https://'.length))
				: join(server, path);
			mkdirSync(dirname(file), { recursive: true });
			writeFileSync(file, content);
			return file;
		},
		run(snippet, env = {}) {
			const result = spawnSync(
				'bash',
				// --norc: with a socket for stdin, bash would read ~/.bashrc as for a remote shell.
				[
					'--norc',
					'--noprofile',
					'-c',
					`source "$EGG_SCRIPT"\n${STUBS}\ncd "$SERVER_DIR"\n${snippet}`,
				],
				{
					cwd: server,
					encoding: 'utf8',
					env: {
						PATH: process.env.PATH ?? '/usr/bin:/bin',
						EGG_SCRIPT: SCRIPT_FILE,
						SERVER_DIR: server,
						FIXTURES: fixtures,
						WORK: join(base, 'work'),
						JAVA_WRITES: '',
						JAVA_FAILS: '',
						...env,
					},
				},
			);
			return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
		},
	};
}
