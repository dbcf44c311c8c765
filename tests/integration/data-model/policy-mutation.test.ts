import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, expectOnlyOwnRows, startProductStack, type Personas } from './personas';

// The isolation check must be able to fail: with the invoices policy loosened to `using (true)`,
// the very same check that passes on the real schema has to throw.
let loosened: Personas;
beforeAll(async () => {
	loosened = await startProductStack(`
		drop policy "Customers read their own invoices" on public.invoices;
		create policy "Anyone signed in reads every invoice" on public.invoices for select to authenticated using (true);
	`);
});
afterAll(() => loosened.stack.stop());

describe('the policy tests', () => {
	it('fail when a policy is dropped', async () => {
		await expect(expectOnlyOwnRows(loosened.owner, 'invoices', demo.id)).rejects.toThrow(
			/row\(s\) of another customer are visible/,
		);
	});
});
