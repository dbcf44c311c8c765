import { getGamePanel, type GamePanel } from '../game-panel';
import { getHypervisor, type Hypervisor } from '../hypervisor';
import { getMailer, type Mailer } from '../mail';
import { getPaymentGateway, type PaymentGateway } from '../payments';
import { adminClient } from '../supabase/admin-client';

// The five parts readiness asks, each got where the rest of the site gets it: the admin client,
// and the one-place factories that pick each adapter by configuration. A configuration error comes
// back from a factory as an adapter whose probe rejects with it, so it reads like any other outage.

export type PartName = 'database' | 'gateway' | 'gamePanel' | 'hypervisor' | 'mailer';

/** One part: which implementation it is (known before asking) and the question to ask it. */
export interface Check {
	kind?: string;
	probe(): Promise<void>;
}

const databaseTimeoutMs = 3_000;

/** One row of one small, indexed read as the service role: the database answers queries. */
export async function probeDatabase(client = adminClient()): Promise<void> {
	if (!client)
		throw new Error(
			'The database is not configured: PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_SECRET_KEY) must be set',
		);
	const { error, status } = await client
		.from('profiles')
		.select('id', { head: true })
		.limit(1)
		// One attempt: the client's own retries (1 s, then 2 s apart) would outlast the check.
		.retry(false)
		.abortSignal(AbortSignal.timeout(databaseTimeoutMs));
	if (!error) return;
	// A HEAD has no body to explain itself, so the status says it; under fetch's bare "fetch
	// failed" the client keeps the system's reason (ECONNREFUSED and the like) in its details.
	if (status === 401 || status === 403)
		throw new Error(
			`The database refused the service key (HTTP ${status}): check SUPABASE_SERVICE_ROLE_KEY or SUPABASE_SECRET_KEY`,
		);
	const cause = /Caused by: (.+)/.exec(error.details ?? '')?.[1];
	const reason = [error.message || error.code || 'no reason given', cause].filter(Boolean);
	const answer = status ? `HTTP ${status}` : 'no answer';
	throw new Error(`The database did not answer a query (${answer}): ${reason.join(': ')}`);
}

export const gatewayCheck = (gateway: PaymentGateway): Check => ({
	kind: gateway.name,
	probe: () => gateway.probe(),
});

export const gamePanelCheck = (panel: GamePanel): Check => ({
	kind: panel.kind,
	probe: () => panel.probe(),
});

/** Proxmox answers an authenticated read (the token is checked); the simulation reads its state. */
export const hypervisorCheck = (hypervisor: Hypervisor): Check => ({
	kind: hypervisor.kind,
	probe: () => hypervisor.probe(),
});

export const mailerCheck = (mailer: Mailer): Check => ({ probe: () => mailer.probe() });

/** The production parts, each made when asked so a factory's throw is that part down. */
export function defaultChecks(): Record<PartName, () => Check> {
	return {
		database: () => ({ probe: () => probeDatabase() }),
		gateway: () => gatewayCheck(getPaymentGateway()),
		gamePanel: () => gamePanelCheck(getGamePanel()),
		hypervisor: () => hypervisorCheck(getHypervisor()),
		mailer: () => mailerCheck(getMailer()),
	};
}
