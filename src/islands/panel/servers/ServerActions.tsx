import { hasEnded } from '../../../lib/domain/service-status';
import type { ServerDetail } from '../../../lib/panel/types';
import { serverPages } from '../../../lib/routes';
import type { PanelTools } from '../shared/context';

/**
 * Upgrade and Cancel, leading to that kind's own upgrade page and cancel flow: an active server
 * can grow; one not yet set to end can be cancelled. Nothing for a server that has ended.
 */
export function ServerActions({ server, tools }: { server: ServerDetail; tools: PanelTools }) {
	const { t, path } = tools;
	if (hasEnded(server.status)) return null;
	const pages = serverPages(server);
	return (
		<div className="flex flex-wrap gap-3" data-server-actions>
			{server.status === 'active' && (
				<a className="btn btn-secondary" href={path(pages.upgrade)}>
					{t('servers.upgrade')}
				</a>
			)}
			{!server.cancelAtPeriodEnd && (
				<a className="btn btn-secondary" href={path(pages.cancel)}>
					{t(server.type === 'vps' ? 'vps.page.cancel' : 'servers.cancel')}
				</a>
			)}
		</div>
	);
}
