import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BcryptJob } from './bcrypt-worker.ts';

// Verifies bcrypt hashes (what seed files write with pgcrypto's crypt()) in worker threads. Checking
// them in SQL ran the hash inside PGlite, synchronously on the main thread while holding the only
// database queue, so a burst of sign-ins stopped every other request. Workers start on first use (most
// stacks never see a bcrypt hash); one core is left to the main thread.

const WORKER_URL = new URL('./bcrypt-worker.ts', import.meta.url);

interface Pending extends BcryptJob {
	resolve: (ok: boolean) => void;
	reject: (error: Error) => void;
}

export class BcryptPool {
	readonly #size: number;
	readonly #idle: Worker[] = [];
	readonly #busy = new Map<Worker, Pending>();
	readonly #queue: Pending[] = [];
	#nextId = 0;
	#closed = false;

	constructor(size = Math.max(1, Math.min(4, availableParallelism() - 1))) {
		this.#size = size;
	}

	verify(password: string, hash: string): Promise<boolean> {
		if (this.#closed) return Promise.reject(new Error('bcrypt pool is closed'));
		return new Promise((resolve, reject) => {
			this.#queue.push({ id: (this.#nextId += 1), password, hash, resolve, reject });
			this.#dispatch();
		});
	}

	#dispatch(): void {
		while (this.#queue.length > 0) {
			const worker = this.#idle.pop() ?? (this.#busy.size < this.#size ? this.#spawn() : undefined);
			if (!worker) return;
			const job = this.#queue.shift() as Pending;
			this.#busy.set(worker, job);
			worker.postMessage({ id: job.id, password: job.password, hash: job.hash });
		}
	}

	#spawn(): Worker {
		const worker = new Worker(WORKER_URL);
		// Idle workers must not keep the process alive; a pending request keeps its socket open anyway.
		worker.unref();
		worker.on('message', ({ ok }: { ok: boolean }) => {
			const job = this.#busy.get(worker);
			this.#busy.delete(worker);
			this.#idle.push(worker);
			job?.resolve(ok);
			this.#dispatch();
		});
		const fail = (error: Error) => {
			const job = this.#busy.get(worker);
			this.#busy.delete(worker);
			const at = this.#idle.indexOf(worker);
			if (at >= 0) this.#idle.splice(at, 1);
			job?.reject(error);
			if (!this.#closed) this.#dispatch();
		};
		worker.on('error', fail);
		worker.on('exit', (code) => fail(new Error(`bcrypt worker exited with code ${code}`)));
		return worker;
	}

	async close(): Promise<void> {
		this.#closed = true;
		for (const job of this.#queue.splice(0)) job.reject(new Error('bcrypt pool is closed'));
		await Promise.all([...this.#idle, ...this.#busy.keys()].map((worker) => worker.terminate()));
	}
}
