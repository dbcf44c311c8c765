import { availableParallelism } from 'node:os';

// Password hashes are the stack's heaviest work. scrypt runs on libuv's thread pool, four threads
// by default whatever the machine: on two cores a flood of sign-ins then took both, and the main
// thread, which runs the database (PGlite) and answers every other request, got what was left.
// Hosted Supabase hashes on its own machines, so a flood of sign-ins slows nobody's reads there.
// Like BcryptPool, this leaves one core to the main thread: at most (cores - 1) hashes at once,
// the rest wait their turn in order.

export class HashSlots {
	readonly #size: number;
	#running = 0;
	readonly #waiting: (() => void)[] = [];

	constructor(size = Math.max(1, Math.min(4, availableParallelism() - 1))) {
		this.#size = size;
	}

	async run<T>(job: () => Promise<T>): Promise<T> {
		if (this.#running >= this.#size)
			await new Promise<void>((resolve) => this.#waiting.push(resolve));
		else this.#running += 1;
		try {
			return await job();
		} finally {
			// The slot passes straight to the next in line, or is given back.
			const next = this.#waiting.shift();
			if (next) next();
			else this.#running -= 1;
		}
	}
}

/** The one set of slots every scrypt hash and check of this process goes through. */
export const scryptSlots = new HashSlots();
