import { findStorage, plans, storageOptions, type Plan } from '../catalogue';
import type { ProductType } from '../domain/product';
import { isValidRam } from '../pricing/configuration';
import { vpsSpecs } from '../pricing/vps';

/**
 * What a server needs of a location, as the game panel and the hypervisor are asked for room
 * (src/server/locations/room.ts): its RAM and disk, and for a VPS its cores. A game server is
 * created without a CPU limit (the panel's `cpu: 0`), so it asks for no cores.
 */
export interface ServerSize {
	ramGb: number;
	storageGb: number;
	cores: number;
}

export type SizeRefusal = 'unknown_plan' | 'invalid_ram' | 'unknown_storage';

/** The storage a game server has when none is chosen: the smallest option (the included one). */
function includedStorage() {
	return [...storageOptions].sort((a, b) => a.gb - b.gb)[0]!;
}

/**
 * The size of a server of `plan` with `ram` GB (its smallest, unless chosen) and, for a game
 * server, `storageGb` (the included storage, unless chosen); what the plan does not offer is
 * refused, as checkout refuses it.
 */
export function serverSize(
	plan: Plan,
	ram: number = plan.startingRam,
	storageGb: number | null = null,
): ServerSize | SizeRefusal {
	if (!isValidRam(plan, ram)) return 'invalid_ram';
	if (plan.product === 'vps') {
		if (storageGb !== null) return 'unknown_storage';
		const { cores, storageGb: disk } = vpsSpecs(plan, ram);
		return { ramGb: ram, storageGb: disk, cores };
	}
	const storage = storageGb === null ? includedStorage() : findStorage(storageGb);
	return storage ? { ramGb: ram, storageGb: storage.gb, cores: 0 } : 'unknown_storage';
}

/** The smallest server of `product` the catalogue sells: the least RAM, then disk and cores. */
export function smallestSize(product: ProductType): ServerSize {
	const sizes = plans
		.filter((plan) => plan.product === product)
		.map((plan) => serverSize(plan))
		.filter((size): size is ServerSize => typeof size !== 'string');
	const [smallest] = sizes.sort(
		(a, b) => a.ramGb - b.ramGb || a.storageGb - b.storageGb || a.cores - b.cores,
	);
	if (!smallest) throw new Error(`content/catalogue/plans.json: no plan sells ${product}`);
	return smallest;
}
