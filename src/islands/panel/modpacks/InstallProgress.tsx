import { fill } from '../../../lib/fill';
import { formatMoment } from '../../../lib/format-date';
import { softwareInstallSteps } from '../../../lib/domain/software-change';
import type { InstallView } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';

/**
 * The latest software change: its steps while it installs (backup → stopping → installing →
 * starting, the current one marked), then installed, or why it failed and that the backup was put
 * back. The page reads the server again while it installs (`followInstall`).
 */
export function InstallProgress({ install, tools }: { install: InstallView; tools: PanelTools }) {
	const { t, intl } = tools;
	const { target } = install;
	if (install.status === 'installing') {
		const now = install.step ? softwareInstallSteps.indexOf(install.step) : 0;
		return (
			<section
				className="card flex flex-col gap-3"
				aria-labelledby="install-progress"
				data-install-status="installing"
				data-install-step={install.step ?? ''}
			>
				<h2 id="install-progress" className="text-lg font-bold text-white">
					{fill(t('modpacks.progress.title'), { target })}
				</h2>
				<ol className="flex flex-col gap-1" aria-live="polite">
					{softwareInstallSteps.map((step, index) => {
						const state = index < now ? 'done' : index === now ? 'now' : 'next';
						return (
							<li
								key={step}
								aria-current={state === 'now' ? 'step' : undefined}
								className={
									state === 'now'
										? 'font-semibold text-white'
										: state === 'done'
											? 'text-emerald-200'
											: 'text-neutral-300'
								}
								data-step={step}
							>
								{state === 'done' ? '✓ ' : state === 'now' ? '→ ' : '· '}
								{t(`software.step.${step}`)}
								{state !== 'next' && (
									<span className="sr-only"> ({t(`modpacks.progress.${state}`)})</span>
								)}
							</li>
						);
					})}
				</ol>
				<p className="text-sm text-neutral-300">{t('modpacks.progress.leave')}</p>
			</section>
		);
	}
	const finished = install.finishedAt ? formatMoment(install.finishedAt, intl) : '';
	if (install.status === 'installed')
		return (
			<p role="status" className="text-emerald-200" data-install-status="installed">
				{fill(t('modpacks.progress.installed'), { target, date: finished })}
			</p>
		);
	return (
		<div role="status" className="flex flex-col gap-1 text-red-200" data-install-status="failed">
			<p>{fill(t('modpacks.progress.failed'), { target, date: finished })}</p>
			{install.error && <p>{install.error}</p>}
			<p>
				{t(install.restoredBackup ? 'modpacks.progress.restored' : 'modpacks.progress.notRestored')}
			</p>
		</div>
	);
}
