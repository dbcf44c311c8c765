import { useStore } from '@nanostores/react';
import { upgradePath } from '../../../lib/minecraft-software/upgrade-link';
import { $installNotice, sitePath } from '../../../stores/software-install';
import type { PanelTools } from '../shared/context';

/**
 * The last answer to a change: the server's words, and where a refusal says how to fix it (the
 * extra not bought: 402; not enough RAM for the pack: 422) the upgrade that does, on this site.
 * A 422 without a link (no size of the plan fits the pack) offers none.
 */
export function InstallNotice(props: { serverId: string; prefix: string; tools: PanelTools }) {
	const { t, path } = props.tools;
	const notice = useStore($installNotice);
	if (!notice) return <div className="min-h-6" aria-live="polite" />;
	const extra = notice.code === 'modpack_extra_required';
	const link =
		sitePath(notice.upgradeUrl, props.prefix) ??
		(extra ? path(upgradePath(props.serverId, { extra: 'modpackInstallation' })) : null);
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
						{t(extra ? 'modpacks.extra.add' : 'modpacks.upgrade')}
					</a>
				)}
			</p>
		</div>
	);
}
