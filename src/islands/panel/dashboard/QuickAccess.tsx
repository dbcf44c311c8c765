import { routes } from '../../../lib/routes';
import type { PanelTools } from '../shared/context';

// Ordering offers both kinds of server, and each kind has its own list.
const links = [
	{ key: 'order', href: routes.orderGame },
	{ key: 'orderVps', href: routes.orderVps },
	{ key: 'invoices', href: routes.billing },
	{ key: 'servers', href: routes.servers },
	{ key: 'vps', href: routes.vpsList },
	{ key: 'cards', href: routes.paymentMethods },
	{ key: 'support', href: routes.support },
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
