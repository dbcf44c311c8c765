import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $server, loadServer } from '../../../stores/game-server';
import { PanelAccess } from '../servers/PanelAccess';
import type { PanelTools } from '../shared/context';

/**
 * SFTP for many or large files: how to connect, and the server page's password reset
 * (PanelAccess), whose new password comes with the address, port and user, each with Copy.
 */
export function SftpBox(props: { serverId: string; locale: string; tools: PanelTools }) {
	const { t } = props.tools;
	const server = useStore($server);
	useEffect(() => void loadServer(props.serverId, t('panel.error.generic')), [props.serverId]);
	if (server.state !== 'ready' || !server.data.onPanel) return null;
	return (
		<section className="flex flex-col gap-3" aria-labelledby="sftp-access" data-sftp>
			<h2 id="sftp-access" className="text-lg font-bold text-white">
				{t('gameFiles.sftp.title')}
			</h2>
			<p className="text-neutral-200">{t('gameFiles.sftp.intro')}</p>
			<PanelAccess server={server.data} locale={props.locale} tools={props.tools} />
		</section>
	);
}
