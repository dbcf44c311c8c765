import { fill } from '../../../lib/fill';
import { upgradePath } from '../../../lib/minecraft-software/upgrade-link';
import type { PanelTools } from '../shared/context';

const points = ['search', 'loaders', 'backup', 'ram', 'update'] as const;

/**
 * Without the modpack installation extra: what it delivers, its monthly price in the server's
 * currency (the catalogue's, handed over by the page's server), and the upgrade that adds it, the
 * extra already ticked. The upgrade is paid (pro rata) before anything installs.
 */
export function ExtraOffer(props: {
	serverId: string;
	/** The extra's monthly price in the server's currency, minor units; null if not offered. */
	price: { amount: number; currency: string } | null;
	active: boolean;
	tools: PanelTools;
}) {
	const { t, money, path } = props.tools;
	return (
		<div className="flex flex-col gap-3" data-modpack-offer>
			<p className="text-neutral-100">{t('modpacks.extra.intro')}</p>
			<ul className="list-disc ps-5 text-neutral-200">
				{points.map((point) => (
					<li key={point}>{t(`modpacks.extra.point.${point}`)}</li>
				))}
			</ul>
			{props.price && (
				<p className="font-semibold text-white" data-modpack-offer-price>
					{fill(t('modpacks.extra.price'), {
						price: money(props.price.amount, props.price.currency),
					})}
				</p>
			)}
			<p className="text-sm text-neutral-300">{t('modpacks.extra.paidFirst')}</p>
			{props.active ? (
				<a
					className="btn btn-primary self-start"
					href={path(upgradePath(props.serverId, { extra: 'modpackInstallation' }))}
					data-modpack-offer-add
				>
					{t('modpacks.extra.add')}
				</a>
			) : (
				<p className="text-sm text-neutral-300">{t('modpacks.extra.notActive')}</p>
			)}
		</div>
	);
}
