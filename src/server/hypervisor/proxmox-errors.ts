import { z } from 'zod';
import {
	HypervisorConflictError,
	HypervisorError,
	HypervisorNotFoundError,
	HypervisorUnavailableError,
	HypervisorValidationError,
} from './errors';

// Proxmox answers most failures with a 500 whose text says what happened, so the error class is
// chosen by that text: the JSON body's `message`, else the HTTP reason phrase (older versions send
// only `{"data":null}` and put the first line of the error there).

const errorBody = z.object({
	message: z.string().optional(),
	errors: z.record(z.string(), z.string()).optional(),
});

const conflict = /is locked|already exists|not running|is running|is suspended|protection/i;
const notFound = /does not exist|no such VM|unable to find configuration file/i;
const busy = /can't lock file|got timeout/i;

export function proxmoxError(status: number, reason: string, body: unknown): HypervisorError {
	const parsed = errorBody.safeParse(body);
	const fields = parsed.success ? parsed.data.errors : undefined;
	const text = ((parsed.success ? parsed.data.message : undefined) ?? reason).trim().slice(0, 300);
	const options = { status };
	if (status === 400 && fields)
		return new HypervisorValidationError(
			`Proxmox refused: ${Object.entries(fields)
				.map(([field, why]) => `${field}: ${why.trim()}`)
				.join('; ')}`,
			options,
		);
	if (status === 401 || status === 403)
		return new HypervisorError(`Proxmox refused the API token (${status}): ${text}`, options);
	if (busy.test(text)) return new HypervisorUnavailableError(`Proxmox busy: ${text}`, options);
	if (notFound.test(text)) return new HypervisorNotFoundError(`Proxmox: ${text}`, options);
	if (conflict.test(text)) return new HypervisorConflictError(`Proxmox: ${text}`, options);
	// 502-504 and 595/596 (a node unreachable through the proxy) pass; a plain 500 is a refusal.
	if (status > 500) return new HypervisorUnavailableError(`Proxmox ${status}: ${text}`, options);
	return new HypervisorError(`Proxmox ${status}: ${text}`, options);
}
