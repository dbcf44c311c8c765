import { describe, expect, it } from 'vitest';
import { HashSlots } from './hash-slots.ts';

describe('HashSlots', () => {
	it('runs no more jobs at once than it has slots, and every job in turn', async () => {
		const slots = new HashSlots(2);
		let running = 0;
		let most = 0;
		const order: number[] = [];
		const releases: (() => void)[] = [];
		const jobs = Array.from({ length: 5 }, (_, i) =>
			slots.run(async () => {
				running += 1;
				most = Math.max(most, running);
				order.push(i);
				await new Promise<void>((resolve) => releases.push(resolve));
				running -= 1;
				return i;
			}),
		);
		// Let every job that can start, start; then finish them one by one.
		for (let done = 0; done < 5; done++) {
			await new Promise((resolve) => setImmediate(resolve));
			releases.shift()?.();
		}
		expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
		expect(most).toBe(2);
		expect(order).toEqual([0, 1, 2, 3, 4]);
	});

	it('frees its slot when a job fails', async () => {
		const slots = new HashSlots(1);
		await expect(slots.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
		expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
	});
});
