import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';

// Following a simulated server's log as `tail -f` does, for its console: whole lines only (a line
// still being written waits for its newline), and a log that shrank (a restore put an older one
// back) followed from its new end rather than replayed.

export interface LogTail {
	/** The whole lines appended since the last read. */
	next(): string[];
	/** The last `count` lines of the log; the tail then goes on after them. */
	last(count: number): string[];
}

const NEWLINE = 0x0a;

function lines(bytes: Buffer): string[] {
	return bytes.toString('utf8').split('\n').slice(0, -1);
}

/** A tail of `file` from its current end. */
export function tailLog(file: string): LogTail {
	const size = () => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
	let offset = size();
	return {
		next() {
			const end = size();
			if (end < offset) offset = end;
			if (end === offset) return [];
			const buffer = Buffer.alloc(end - offset);
			const fd = openSync(file, 'r');
			try {
				readSync(fd, buffer, 0, buffer.length, offset);
			} finally {
				closeSync(fd);
			}
			const whole = buffer.subarray(0, buffer.lastIndexOf(NEWLINE) + 1);
			offset += whole.length;
			return lines(whole);
		},
		last(count) {
			let bytes: Buffer;
			try {
				bytes = readFileSync(file);
			} catch {
				return [];
			}
			const whole = bytes.subarray(0, bytes.lastIndexOf(NEWLINE) + 1);
			offset = whole.length;
			return lines(whole).slice(-count);
		},
	};
}
