import type { PanelTools } from '../shared/context';

const links = [
	{ key: 'order', href: '/games' },
	{ key: 'invoices', href: '/panel/billing' },
	{ key: 'servers', href: '/panel/game-servers' },
	{ key: 'cards', href: '/panel/billing/payment-methods' },
	{ key: 'support', href: '/panel/support' },
] as const;

export function QuickAccess({ tools }: { tools: PanelTools }) {
	const { t, path } = tools;
	return (
		<nav aria-label={t('panel.dashboard.quickAccess')}>
			<ul className="flex flex-wrap gap-3">
				{links.map((link) => (
					<li key={link.key}>
						<a className="btn btn-secondary" href={path(link.href)}>
							{t(`panel.dashboard.quick.${link.key}`)}
						</a>
					</li>
				))}
			</ul>
		</nav>
	);
}
