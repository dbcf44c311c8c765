import { fill } from '../../../lib/fill';
import { modpackIcon, type ModpackSummaryView } from '../../../lib/modpacks/views';
import { choosePack } from '../../../stores/modpack-search';
import type { Loaded } from '../../../stores/panel-fetch';
import type { PanelTools } from '../shared/context';

/** The packs found: icon, name, author, summary, downloads and loaders, and their versions. */
export function ModpackResults(props: {
	results: Loaded<{ modpacks: ModpackSummaryView[] }>;
	popular: boolean;
	tools: PanelTools;
}) {
	const { results, tools } = props;
	const { t, intl } = tools;
	const downloads = new Intl.NumberFormat(intl, { notation: 'compact' });
	return (
		<section aria-labelledby="modpack-results" aria-busy={results.state === 'loading'}>
			<h3 id="modpack-results" className="font-semibold text-white">
				{t(props.popular ? 'modpacks.search.popular' : 'modpacks.search.results')}
			</h3>
			{results.state === 'loading' && <p className="text-neutral-300">{t('panel.loading')}</p>}
			{results.state === 'error' && (
				<p role="alert" className="text-red-200">
					{results.message}
				</p>
			)}
			{results.state === 'ready' && results.data.modpacks.length === 0 && (
				<p className="text-neutral-200">{t('modpacks.search.empty')}</p>
			)}
			{results.state === 'ready' && (
				<ul className="mt-2 flex flex-col">
					{results.data.modpacks.map((pack) => {
						const icon = modpackIcon(pack.icon);
						const name = `modpack-${pack.id}`;
						return (
							<li
								key={pack.id}
								className="flex flex-wrap gap-3 border-t border-white/5 py-3"
								aria-labelledby={name}
								data-modpack={pack.id}
							>
								<div className="size-12 shrink-0 overflow-hidden rounded-lg bg-white/5">
									{icon && (
										<img src={icon} alt="" width={48} height={48} loading="lazy" decoding="async" />
									)}
								</div>
								<div className="flex min-w-0 flex-1 basis-52 flex-col gap-1">
									<h4 id={name} className="font-semibold break-words text-white">
										{pack.name}{' '}
										<span className="text-sm font-normal text-neutral-300">
											{fill(t('modpacks.search.by'), { author: pack.author })}
										</span>
									</h4>
									<p className="text-neutral-200">{pack.summary}</p>
									<p className="flex flex-wrap gap-x-3 text-sm text-neutral-300">
										<span>
											{fill(t('modpacks.search.downloads'), {
												count: downloads.format(pack.downloads),
											})}
										</span>
										<span>
											{pack.loaders.map((loader) => t(`minecraft.loader.${loader}`)).join(', ')}
										</span>
									</p>
								</div>
								<button
									type="button"
									className="btn btn-secondary shrink-0 self-start"
									aria-describedby={name}
									onClick={() => void choosePack(pack)}
									data-modpack-choose
								>
									{t('modpacks.search.choose')}
								</button>
							</li>
						);
					})}
				</ul>
			)}
		</section>
	);
}
