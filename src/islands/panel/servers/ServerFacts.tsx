import type { ServerDetail } from '../../../lib/panel/types';
import { fill } from '../../../lib/fill';
import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';

function Facts({ title, id, facts }: { title: string; id: string; facts: [string, string][] }) {
	return (
		<section className="card" aria-labelledby={id}>
			<h2 id={id} className="text-lg font-bold text-white">
				{title}
			</h2>
			{/* Columns no narrower than the longest label word ("Abrechnungsintervall"): fixed counts
			    per breakpoint squeezed it into the next column's label in two side-by-side cards. */}
			<dl className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-4">
				{facts.map(([label, value]) => (
					<div key={label} className="flex flex-col gap-1">
						<dt className="text-sm text-neutral-300">{label}</dt>
						<dd className="break-words text-white">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	);
}

/** What the server is (address, location, plan, sizes, extras) and what it costs (subscription). */
export function ServerFacts({ server, tools }: { server: ServerDetail; tools: PanelTools }) {
	const { t, money, date } = tools;
	const { extras, subscription } = server;
	const extraNames = [
		extras.modpackInstallation && t('servers.extra.modpack'),
		extras.ddosProtection && t('servers.extra.ddos'),
		extras.dailyBackups && t('servers.extra.backups'),
		extras.subdomainExtra &&
			(server.subdomain
				? `${t('servers.extra.subdomain')}: ${server.subdomain.name}`
				: t('servers.extra.subdomain')),
	].filter(Boolean);
	const status = server.cancelAtPeriodEnd
		? t('panel.service.pendingCancellation')
		: server.pausedUntil
			? fill(t('panel.service.pausedUntil'), { date: date(server.pausedUntil) })
			: t(`panel.service.status.${server.status}`);
	return (
		<div className="grid gap-6 xl:grid-cols-2">
			<Facts
				id="server-details"
				title={t('servers.details')}
				facts={[
					[t('servers.name'), serviceName(server, t)],
					[t('servers.address'), server.subdomain?.address ?? server.address ?? '—'],
					...(server.subdomain?.address && server.address
						? ([[t('servers.ipAddress'), server.address]] as [string, string][])
						: []),
					[t('servers.location'), t(`servers.location.${server.location}`)],
					[t('servers.plan'), t(`servers.tier.${server.tier}`)],
					[t('servers.ram'), `${server.ramGb} GB`],
					[t('servers.storage'), `${server.storageGb} GB`],
					[t('servers.extras'), extraNames.join(', ') || '—'],
				]}
			/>
			<Facts
				id="server-subscription"
				title={t('servers.subscription')}
				facts={[
					[t('servers.cycle'), t(`cycle.${subscription.cycle}`)],
					[
						t('servers.period'),
						`${date(subscription.periodStart)} – ${date(subscription.periodEnd)}`,
					],
					[t('servers.nextDue'), server.cancelAtPeriodEnd ? '—' : date(subscription.periodEnd)],
					[t('servers.recurring'), money(subscription.recurringAmount, subscription.currency)],
					...(subscription.credit > 0
						? ([[t('servers.credit'), money(subscription.credit, subscription.currency)]] as [
								string,
								string,
							][])
						: []),
					[t('servers.status'), status],
				]}
			/>
		</div>
	);
}
