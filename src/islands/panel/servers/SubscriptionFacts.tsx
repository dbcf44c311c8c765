import { fill } from '../../../lib/fill';
import { standingOf } from '../../../lib/panel/standing';
import type { ServerDetail } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { FactCard, type Fact } from './FactCard';

/**
 * What a server costs and when: its billing cycle, period, next due date, price, the credit our
 * team added and its status. The same card on a game server's page and a VPS's.
 */
export function SubscriptionFacts({ server, tools }: { server: ServerDetail; tools: PanelTools }) {
	const { t, money, date } = tools;
	const { subscription } = server;
	const standing = standingOf(server);
	const status =
		standing.kind === 'pendingCancellation'
			? t('panel.service.pendingCancellation')
			: standing.kind === 'paused'
				? fill(t('panel.service.pausedUntil'), { date: date(standing.until) })
				: t(`panel.service.status.${standing.status}`);
	const facts: Fact[] = [
		[t('servers.cycle'), t(`cycle.${subscription.cycle}`), 'cycle'],
		[
			t('servers.period'),
			`${date(subscription.periodStart)} – ${date(subscription.periodEnd)}`,
			'period',
		],
		[t('servers.nextDue'), standing.renews ? date(subscription.periodEnd) : '—', 'nextDue'],
		[
			t('servers.recurring'),
			money(subscription.recurringAmount, subscription.currency),
			'recurring',
		],
		[t('servers.status'), status, 'status'],
	];
	// Credit our team added, taken off the next renewal: shown while there is some.
	if (subscription.credit > 0)
		facts.splice(4, 0, [
			t('servers.credit'),
			money(subscription.credit, subscription.currency),
			'credit',
		]);
	return (
		<FactCard
			id="server-subscription"
			title={t('servers.subscription')}
			facts={facts}
			marks={{ 'data-subscription': server.id }}
		/>
	);
}
