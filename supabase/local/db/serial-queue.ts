// PGlite is a single connection. Every unit of database work goes through this queue so that one
// request's transaction never interleaves with another's: the next job starts only after the
// previous one has committed or rolled back.

export class SerialQueue {
	#tail: Promise<unknown> = Promise.resolve();
	#pending = 0;

	/** Number of jobs queued or running; used by stop() to drain politely. */
	get pending(): number {
		return this.#pending;
	}

	run<T>(job: () => Promise<T>): Promise<T> {
		this.#pending += 1;
		const result = this.#tail.then(job);
		// The chain must survive a failed job, otherwise one error would poison every later request.
		this.#tail = result.then(
			() => undefined,
			() => undefined,
		);
		return result.finally(() => {
			this.#pending -= 1;
		});
	}

	/** Resolves once every job queued so far has settled. */
	async drain(): Promise<void> {
		await this.#tail;
	}
}
