import { describe, expect, it } from 'vitest';
import type * as door from './door';
import { consoleDoor, openConsoleDoor, type ConsoleClaim } from './door';

describe('the console door between the relay and Astro’s side', () => {
	it('gives the relay nothing until Astro’s side opens it, then the claim it opened', async () => {
		expect(await consoleDoor(1)).toBeUndefined();
		const claim: ConsoleClaim = () => Promise.resolve('token');
		const waiting = consoleDoor(60_000);
		openConsoleDoor(claim);
		expect(await waiting).toBe(claim);
		expect(await consoleDoor(1)).toBe(claim);
	});

	it('is one door for every copy of the module (the relay’s and the bundle’s)', async () => {
		const claim: ConsoleClaim = () => Promise.resolve('session');
		openConsoleDoor(claim);
		const copy = './door.ts?copy';
		const other = (await import(/* @vite-ignore */ copy)) as typeof door;
		expect(other.consoleDoor).not.toBe(consoleDoor);
		expect(await other.consoleDoor(1)).toBe(claim);
	});
});
