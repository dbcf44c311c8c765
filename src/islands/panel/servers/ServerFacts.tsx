import type { ServerDetail } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';
import { FactCard, type Fact } from './FactCard';
import { SubscriptionFacts } from './SubscriptionFacts';

/** What the server is (address, location, plan, sizes, extras) and what it costs (subscription). */
export function ServerFacts({ server, tools }: { server: ServerDetail; tools: PanelTools }) {
	const { t } = tools;
	const { extras } = server;
	const extraNames = [
		extras.modpackInstallation && t('servers.extra.modpack'),
		extras.ddosProtection && t('servers.extra.ddos'),
		extras.dailyBackups && t('servers.extra.backups'),
		extras.subdomainExtra &&
			(server.subdomain
				? `${t('servers.extra.subdomain')}: ${server.subdomain.name}`
				: t('servers.extra.subdomain')),
	].filter(Boolean);
	// Beside the subdomain, the panel's own address: called a host name when it is one.
	const panelAddress: Fact[] =
		server.subdomain?.address && server.address
			? [
					[
						t(server.addressKind === 'host' ? 'servers.hostName' : 'servers.ipAddress'),
						server.address,
					],
				]
			: [];
	return (
		<div className="grid gap-6 xl:grid-cols-2">
			<FactCard
				id="server-details"
				title={t('servers.details')}
				facts={[
					[t('servers.name'), serviceName(server, t)],
					[t('servers.address'), server.subdomain?.address ?? server.address ?? '—'],
					...panelAddress,
					[t('servers.location'), server.locationName, 'location'],
					[t('servers.plan'), t(`servers.tier.${server.tier}`)],
					[t('servers.ram'), `${server.ramGb} GB`],
					[t('servers.storage'), `${server.storageGb} GB`],
					[t('servers.extras'), extraNames.join(', ') || '—'],
				]}
			/>
			<SubscriptionFacts server={server} tools={tools} />
		</div>
	);
}
