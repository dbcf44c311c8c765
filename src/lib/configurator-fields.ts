import { validCartItem } from './cart-item';
import type { ServerChoice } from './pricing';

/**
 * The configurator's form fields (`plan`, `ram`, `storage`, `extras`, `subdomain`, `cycle`,
 * `location`) as a choice, or null
 * when they do not make a configuration the catalogue sells. The same fields arrive two ways: read
 * from the form when its island starts (what the visitor chose before it ran), and in the cart's
 * address when "Add to cart" was pressed before it ran (the form's plain GET submit).
 */
export function choiceFromFields(fields: URLSearchParams, planId?: string): ServerChoice | null {
	const storage = fields.get('storage');
	const item = validCartItem({
		id: 'fields',
		planId: fields.get('plan') ?? planId,
		ram: Number(fields.get('ram')),
		storageGb: storage === null ? null : Number(storage),
		extras: fields.getAll('extras'),
		cycle: fields.get('cycle') ?? 'monthly',
		subdomain: fields.get('subdomain') ?? undefined,
		location: fields.get('location'),
	});
	if (!item) return null;
	const { id: _id, ...choice } = item;
	return choice;
}
