import type { Tables } from '../../lib/database.types';
import { findGame, type GameId } from '../../lib/games';
import { locationIdSchema } from '../../lib/domain/location';
import { getGamePanel } from '../game-panel';
import { GamePanelError, GamePanelRateLimitedError } from '../game-panel/errors';
import { logger } from '../log/logger';
import { playerAddress, syncSubdomain } from '../subdomains/subdomain';
import type { AdminClient } from '../supabase/admin-client';
import { tryUntilGivenUp, type TryOutcome } from './attempts';
import { giveUp } from './give-up';
import { sendServerReady } from './mails';
import { takeLease, type ProvisioningLease } from './provisioning-lease';
import { setUpServer } from './server-setup';
import { backupsOf, setUpBackups } from './backup-setup';
import { provisionVps } from './vps-provision';

const serviceColumns =
	'id, user_id, status, product_type, game, location, plan_id, ram_gb, storage_gb, daily_backup_at';
type ServiceRow = Pick<
	Tables<'services'>,
	| 'id'
	| 'user_id'
	| 'status'
	| 'product_type'
	| 'game'
	| 'location'
	| 'plan_id'
	| 'ram_gb'
	| 'storage_gb'
	| 'daily_backup_at'
>;

/** Where the ready mail tells players to connect: the subdomain once published, else the address. */
async function addressToMail(admin: AdminClient, serviceId: string, address: string) {
	const { data } = await admin
		.from('services')
		.select('subdomain, subdomain_dns, panel_address')
		.eq('id', serviceId)
		.maybeSingle();
	return (data && playerAddress(data)) ?? address;
}

/**
 * Creates a paid service's server on the game panel (a VPS: its machine on the hypervisor,
 * vps-provision.ts) and marks it active. One site server at a time
 * does it (a lease in the database), and the panel call is idempotent on the service id, so a
 * retry, a second webhook or a restarted server never makes two servers. Panel outages and rate
 * limits are retried with doubling waits (attempts.ts, the loop a machine's tries share); after the
 * last try the customer gets a clear state and a support ticket.
 */
export async function provision(
	admin: AdminClient,
	serviceId: string,
	origin: string,
): Promise<void> {
	const { data: row } = await admin
		.from('services')
		.select(serviceColumns)
		.eq('id', serviceId)
		.single();
	if (row?.status !== 'provisioning') return;
	const lease = await takeLease(admin, row.id);
	if (!lease) {
		logger.info('provisioning under way elsewhere', { serviceId: row.id });
		return;
	}
	try {
		await provisionHeld(admin, lease, row, origin);
	} finally {
		await lease.release();
	}
}

async function provisionHeld(
	admin: AdminClient,
	lease: ProvisioningLease,
	row: ServiceRow,
	origin: string,
): Promise<void> {
	const { data: user } = await admin.auth.admin.getUserById(row.user_id);
	const email = user.user?.email ?? '';
	const { data: profile } = await admin
		.from('profiles')
		.select('first_name, last_name, preferred_locale')
		.eq('id', row.user_id)
		.single();
	if (row.product_type === 'vps')
		return provisionVps(admin, lease, row, { email, locale: profile?.preferred_locale }, origin);
	const game = row.game ? findGame(row.game)?.id : undefined;
	if (!game) {
		await giveUp(admin, origin, row, email, profile?.preferred_locale, 'unknown game');
		return;
	}
	// Placed where the customer chose at checkout (services.location).
	const location = locationIdSchema.safeParse(row.location);
	if (!location.success) {
		await giveUp(admin, origin, row, email, profile?.preferred_locale, 'unknown location');
		return;
	}
	const panel = getGamePanel();
	const attempt = async (): Promise<TryOutcome> => {
		const setup = await setUpServer(admin, panel, lease, {
			serviceId: row.id,
			customer: {
				email,
				firstName: profile?.first_name || 'Customer',
				lastName: profile?.last_name || row.user_id.slice(0, 8),
				accountId: row.user_id,
			},
			game: game as GameId,
			location: location.data,
			name: `${row.game}-${row.id.slice(0, 8)}`,
			ramGb: row.ram_gb,
			storageGb: row.storage_gb,
			backups: backupsOf(row.plan_id),
		});
		if (setup.outcome === 'not_started')
			return { error: `the server did not start (${setup.state})` };
		if (setup.outcome !== 'running') {
			logger.info(`provisioning stopped: ${setup.outcome}`, { serviceId: row.id });
			return 'done';
		}
		logger.info('server running', {
			serviceId: row.id,
			address: setup.address,
			activated: setup.activated,
		});
		// The subdomain's records point at the address now recorded; a DNS failure is kept on
		// the service and retried by the billing run, never a reason to lose the server.
		await syncSubdomain(admin, row.id).catch((failure: unknown) =>
			logger.error('subdomain not synced', { serviceId: row.id, error: failure }),
		);
		// The daily backup the plan promises; a panel that refuses now is asked again by the
		// billing run's sweep, never a reason to fail the order.
		await setUpBackups(admin, row, setup.server).catch((failure: unknown) =>
			logger.error('backups not set up', { serviceId: row.id, error: failure }),
		);
		if (setup.activated)
			await sendServerReady(
				origin,
				email,
				profile?.preferred_locale,
				row,
				await addressToMail(admin, row.id, setup.address),
			);
		return 'done';
	};
	const customer = { email, locale: profile?.preferred_locale };
	await tryUntilGivenUp(
		admin,
		origin,
		lease,
		{ id: row.id, customer },
		{
			kind: game,
			attempt,
			read: (error) => ({
				error: error instanceof Error ? error.message : String(error),
				retryable: error instanceof GamePanelError && error.retryable,
				hintedMs: error instanceof GamePanelRateLimitedError ? error.retryAfterSeconds * 1000 : 0,
			}),
		},
	);
}
