import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

// Runs in a worker thread of BcryptPool: bcrypt is deliberately slow, and in the main thread it would
// stall every request for as long as it runs.

export interface BcryptJob {
	id: number;
	password: string;
	hash: string;
}

parentPort?.on('message', ({ id, password, hash }: BcryptJob) => {
	let ok = false;
	try {
		ok = bcrypt.compareSync(password, hash);
	} catch {
		// A malformed or unsupported hash ($2x$) matches no password.
	}
	parentPort?.postMessage({ id, ok });
});
