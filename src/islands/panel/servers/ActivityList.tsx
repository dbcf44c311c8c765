import { formatMoment } from '../../../lib/format-date';
import type { ActivityEntry } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';

/** Everything that happened to the server, newest first: actions and billing events alike. */
export function ActivityList({
	activity,
	tools,
}: {
	activity: ActivityEntry[];
	tools: PanelTools;
}) {
	const { t, intl } = tools;
	return (
		<section className="card" aria-labelledby="server-activity">
			<h2 id="server-activity" className="text-lg font-bold text-white">
				{t('servers.activity')}
			</h2>
			{activity.length === 0 ? (
				<p className="mt-3 text-neutral-200">{t('servers.noActivity')}</p>
			) : (
				<ol className="mt-3 flex flex-col" data-activity>
					{activity.map((entry, i) => (
						<li
							key={i}
							className="flex flex-wrap justify-between gap-2 border-t border-white/5 py-2"
							data-event={entry.event}
						>
							<span className="text-neutral-100">{t(`servers.event.${entry.event}`)}</span>
							<time className="text-sm text-neutral-300" dateTime={entry.at}>
								{formatMoment(entry.at, intl)}
							</time>
						</li>
					))}
				</ol>
			)}
		</section>
	);
}
