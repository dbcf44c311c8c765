/**
 * The demo seed's servers on the simulated game panel. The seed names them `sim-101` and so on;
 * this creates each one on the simulated panel's state file (running, or suspended as the seed
 * says) and records the panel's ids on the service, as provisioning does for a bought server.
 * Runs before the site starts (which then loads the same file), only with the simulated panel.
 */
import { createClient } from '@supabase/supabase-js';
import { createJiti } from 'jiti';
import type * as Simulated from '../src/server/game-panel/simulated.ts';
import type * as PanelConfig from '../src/server/game-panel/config.ts';
import type * as Catalogue from '../src/lib/catalogue/index.ts';
import { locationIdSchema } from '../src/lib/domain/location.ts';

interface DemoService {
	id: string;
	user_id: string;
	game: Parameters<ReturnType<typeof Simulated.createSimulatedPanel>['createServer']>[0]['game'];
	location: string;
	label: string;
	ram_gb: number;
	storage_gb: number;
	status: string;
	plan_id: string;
	daily_backup_at: string | null;
}

export async function provisionDemoServers(
	env: Record<string, string | undefined>,
	file: string,
	/** The servers' files and backups: GAME_PANEL_SIM_DIR's default (beside `file`) when absent. */
	dir?: string,
): Promise<number> {
	const { PUBLIC_SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: key } = env;
	if (!url || !key) return 0;
	const admin = createClient(url, key, {
		auth: { persistSession: false, autoRefreshToken: false },
	});
	const { data: services, error } = await admin
		.from('services')
		.select(
			'id, user_id, game, location, label, ram_gb, storage_gb, status, plan_id, daily_backup_at',
		)
		.like('panel_server_id', 'sim-%')
		.in('status', ['active', 'suspended'])
		.returns<DemoService[]>();
	if (error) throw new Error(`demo servers: ${error.message}`);
	if (!services?.length) return 0;
	const jiti = createJiti(import.meta.url);
	const { createSimulatedPanel } = await jiti.import<typeof Simulated>(
		'../src/server/game-panel/simulated.ts',
	);
	const { findPlan } = await jiti.import<typeof Catalogue>('../src/lib/catalogue/index.ts');
	const { readGamePanelConfig } = await jiti.import<typeof PanelConfig>(
		'../src/server/game-panel/config.ts',
	);
	const config = readGamePanelConfig({
		GAME_PANEL_SIM_DELAY_MS: '0',
		GAME_PANEL_SIM_FILE: file,
		GAME_PANEL_SIM_DIR: dir,
	});
	if (config.kind !== 'simulated') throw new Error('demo servers: not the simulated panel');
	const panel = createSimulatedPanel(config);
	for (const service of services) {
		const { data: owner } = await admin.auth.admin.getUserById(service.user_id);
		const server = await panel.createServer({
			serviceId: service.id,
			customer: {
				email: owner.user?.email ?? 'demo@frostnode.example',
				firstName: 'Demo',
				lastName: 'Customer',
			},
			game: service.game,
			location: locationIdSchema.parse(service.location),
			name: service.label || service.game,
			ramGb: service.ram_gb,
			storageGb: service.storage_gb,
			backups: findPlan(service.plan_id)?.backups ?? 0,
		});
		await panel.power(server, 'start');
		// What the plan promises, as provisioning sets it up (src/server/provisioning/backup-setup.ts).
		const at = service.daily_backup_at;
		if (at)
			await panel.setDailyBackup(server, {
				hour: Number(at.slice(0, 2)),
				minute: Number(at.slice(3, 5)),
			});
		if (service.status === 'suspended') await panel.suspend(server);
		const { error: saved } = await admin
			.from('services')
			.update({
				panel_server_id: String(server.panelServerId),
				panel_identifier: server.identifier,
				panel_address: `${server.address.host}:${server.address.port}`,
				panel_backup_limit: findPlan(service.plan_id)?.backups ?? 0,
			})
			.eq('id', service.id);
		if (saved) throw new Error(`demo server ${service.id}: ${saved.message}`);
	}
	return services.length;
}
