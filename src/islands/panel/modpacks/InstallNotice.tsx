import { useStore } from '@nanostores/react';
import { fill } from '../../../lib/fill';
import { routes, serverUpgradeWith } from '../../../lib/routes';
import { $installNotice, sitePath } from '../../../stores/software-install';
import type { PanelTools } from '../shared/context';

/**
 * The last answer to a change: the server's words, and where a refusal says how to fix it (the
 * extra not bought: 402; not enough RAM for the pack: 422) the upgrade that does, on this site.
 */
export function InstallNotice(props: { serverId: string; prefix: string; tools: PanelTools }) {
	const { t, path } = props.tools;
	const notice = useStore($installNotice);
	if (!notice) return <div className="min-h-6" aria-live="polite" />;
	const ram = notice.recommendedRamGb;
	const fallback =
		notice.code === 'modpack_extra_required'
			? path(serverUpgradeWith(props.serverId, { extra: 'modpackInstallation' }))
			: path(
					ram ? serverUpgradeWith(props.serverId, { ram }) : routes.serverUpgrade(props.serverId),
				);
	const upgrades =
		typeof notice.upgradeUrl === 'string' ||
		notice.code === 'modpack_extra_required' ||
		notice.code === 'modpack_needs_ram';
	const link = upgrades ? (sitePath(notice.upgradeUrl, props.prefix) ?? fallback) : null;
	return (
		<div className="min-h-6" aria-live="polite">
			<p
				role={notice.kind === 'error' ? 'alert' : 'status'}
				className={notice.kind === 'error' ? 'text-red-200' : 'text-emerald-200'}
				data-install-notice={notice.code ?? notice.kind}
			>
				{notice.text}{' '}
				{link && (
					<a href={link} data-install-upgrade>
						{notice.code === 'modpack_extra_required'
							? t('modpacks.extra.add')
							: ram
								? fill(t('modpacks.versions.ramUpgrade'), { gb: ram })
								: t('modpacks.upgrade')}
					</a>
				)}
			</p>
		</div>
	);
}
