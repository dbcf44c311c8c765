import {
	HypervisorConflictError,
	HypervisorNotFoundError,
	HypervisorValidationError,
} from '../hypervisor';
import { logger } from '../log/logger';

export type HypervisorRefusal = 'machine_busy' | 'machine_missing' | 'hypervisor_unavailable';

/**
 * The hypervisor's refusals as the customer's: busy (locked, mid-install, suspended there), gone,
 * or anything else (down, misconfigured, a bad request of ours), logged for the operator.
 */
export function hypervisorRefusal(error: unknown): HypervisorRefusal {
	if (error instanceof HypervisorConflictError) return 'machine_busy';
	if (error instanceof HypervisorNotFoundError) return 'machine_missing';
	if (error instanceof HypervisorValidationError)
		logger.error('hypervisor refused our request', { error });
	else logger.error('hypervisor call failed', { error });
	return 'hypervisor_unavailable';
}
