// RFB is a byte stream, but WebSocket frames cut it anywhere: a queue of what arrived, read in
// exact lengths as the handshake needs them.

export class ByteQueue {
	private buffer = Buffer.alloc(0);
	private waiting: { size: number; resolve: (bytes: Buffer) => void } | null = null;
	private failed: Error | null = null;

	push(chunk: Buffer): void {
		this.buffer = Buffer.concat([this.buffer, chunk]);
		this.wake();
	}

	fail(error: Error): void {
		this.failed = error;
		this.wake();
	}

	/** Exactly `size` bytes, once they have arrived; rejects if the stream ended first. */
	take(size: number): Promise<Buffer> {
		return new Promise((resolve, reject) => {
			this.waiting = {
				size,
				resolve: (bytes) =>
					bytes.length === size ? resolve(bytes) : reject(this.failed ?? new Error('ended')),
			};
			this.wake();
		});
	}

	/** Everything not yet read, leaving the queue empty. */
	drain(): Buffer {
		const rest = this.buffer;
		this.buffer = Buffer.alloc(0);
		return rest;
	}

	private wake(): void {
		const waiting = this.waiting;
		if (!waiting) return;
		if (this.buffer.length >= waiting.size) {
			this.waiting = null;
			const bytes = this.buffer.subarray(0, waiting.size);
			this.buffer = this.buffer.subarray(waiting.size);
			waiting.resolve(bytes);
		} else if (this.failed) {
			this.waiting = null;
			waiting.resolve(Buffer.alloc(0));
		}
	}
}
