import type { Plan } from '../catalogue';

export interface VpsSpecs {
	cores: number;
	storageGb: number;
	bandwidth: string;
}

/** vCPU cores and NVMe storage grow by one increment per RAM step above the starting RAM. */
export function vpsSpecs(plan: Plan, ram: number): VpsSpecs {
	if (!plan.vps) throw new Error(`${plan.id} is not a VPS plan`);
	const steps = (ram - plan.startingRam) / plan.ramStep;
	return {
		cores: plan.vps.baseCores + steps * plan.vps.coreIncrement,
		storageGb: plan.vps.baseStorageGb + steps * plan.vps.storageIncrementGb,
		bandwidth: plan.vps.bandwidth,
	};
}
