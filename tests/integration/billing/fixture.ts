import {
	startFakePterodactyl,
	type FakePterodactyl,
} from '../game-panel/fake-pterodactyl/index.ts';
import { fakeEnv } from '../game-panel/targets.ts';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import type * as AdminModule from '../../../src/server/supabase/admin-client.ts';

// What the billing tests share: the local stack with the demo seed, the fake Pterodactyl as the
// game panel, the site's server modules loaded after the environment points at both, and a way
// to make an active service on any date.

export interface BillingStack {
	p: Personas;
	fake: FakePterodactyl;
	ownerId: string;
	admin: NonNullable<ReturnType<typeof AdminModule.adminClient>>;
	/**
	 * An active monthly Palworld server (8.00 EUR or 90.00 NOK a month), its first invoice paid, in
	 * the period given, with a saved test card when `card` names one.
	 */
	activeService(start: string, periodEnd: string, options?: ServiceOptions): Promise<string>;
	stop(): Promise<void>;
}

export const origin = 'http://site.test';

/** issue_renewal_invoice's `line` for a monthly Palworld service renewed from 28 Feb to 31 Mar 2027. */
export const renewalLine = {
	kind: 'renewal',
	plan: 'palworld-standard',
	ramGb: 8,
	cycle: 'monthly',
	from: '2027-02-28',
	to: '2027-03-31',
} as const;

export interface ServiceOptions {
	card?: string;
	currency?: 'EUR' | 'NOK';
	/** The plan's number of backups on the panel (0 when omitted, as before plans had them). */
	backups?: number;
}

/**
 * `panel: 'simulated'` puts the site's default, the simulated panel, in front instead of the fake
 * Pterodactyl (started anyway, unused), with no delay: a start is running when asked next.
 */
export async function startBillingStack(
	{ panel: kind }: { panel: 'fake' | 'simulated' } = { panel: 'fake' },
): Promise<BillingStack> {
	const p = await startProductStack();
	const fake = await startFakePterodactyl({ delayMs: 0 });
	const panelEnv =
		kind === 'fake'
			? fakeEnv(fake)
			: { PTERODACTYL_URL: '', GAME_PANEL_SIM_DELAY_MS: '0', GAME_PANEL_SIM_FILE: '' };
	Object.assign(process.env, panelEnv, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
	});
	const admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	const panel = (await import('../../../src/server/game-panel/index.ts')).getGamePanel();
	const ownerId = (await p.owner.auth.getUser()).data.user!.id;
	await p.service.from('profiles').update({ country: 'NO' }).eq('id', ownerId);
	let serial = 0;

	async function activeService(
		start: string,
		periodEnd: string,
		{ card, currency = 'EUR', backups }: ServiceOptions = {},
	): Promise<string> {
		const amount = currency === 'EUR' ? 800 : 9000;
		const key = `billing-${++serial}-${Date.now()}`;
		const placed = await p.service.rpc('place_order', {
			customer: ownerId,
			idempotency_key: key,
			service: {
				product_type: 'game',
				location: 'oslo',
				game: 'palworld',
				plan_id: 'palworld-standard',
				tier: 'standard',
				ram_gb: 8,
				storage_gb: 25,
				billing_cycle: 'monthly',
			},
			amounts: {
				currency,
				subtotal: amount,
				discount: 0,
				tax_rate: 25,
				tax: amount / 4,
				total: amount * 1.25,
			},
			billing: {
				name: 'Demo Kunde',
				address: 'Gate 1',
				postcode: '0150',
				city: 'Oslo',
				country: 'NO',
			},
			description: 'Palworld server',
			line: {
				kind: 'plan',
				plan: 'palworld-standard',
				tier: 'standard',
				ramGb: 8,
				cycle: 'monthly',
			},
			payment_method: 'card',
		});
		const { service_id: id, invoice_id: invoice } = placed.data as {
			service_id: string;
			invoice_id: string;
		};
		await p.service.rpc('settle_invoice', {
			event_id: `evt-${key}`,
			gateway: 'test',
			invoice,
			amount: amount * 1.25,
			currency,
			reference: `pay-${key}`,
		});
		const server = await panel.createServer({
			serviceId: id,
			customer: { email: 'demo@frostnode.example', firstName: 'Demo', lastName: 'Kunde' },
			game: 'palworld',
			location: 'oslo',
			name: `billing ${serial}`,
			ramGb: 8,
			storageGb: 25,
			...(backups === undefined ? {} : { backups }),
		});
		await p.service
			.from('services')
			.update({
				status: 'active',
				current_period_start: start,
				current_period_end: periodEnd,
				panel_server_id: String(server.panelServerId),
				panel_identifier: server.identifier,
			})
			.eq('id', id);
		await p.service.from('payment_methods').delete().eq('user_id', ownerId);
		if (card)
			await p.service.rpc('save_payment_method', {
				owner: ownerId,
				gateway: 'test',
				reference: card,
				fingerprint: '',
				brand: 'visa',
				last4: '4242',
				exp_month: 12,
				exp_year: 2034,
			});
		return id;
	}

	return {
		p,
		fake,
		ownerId,
		admin,
		activeService,
		async stop() {
			await fake.close();
			await p.stack.stop();
		},
	};
}
