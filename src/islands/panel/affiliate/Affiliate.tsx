import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../i18n/locales';
import { $affiliate, $affiliateNotice, loadAffiliate } from '../../../stores/affiliate';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { Balances } from './Balances';
import { CommissionTable } from './CommissionTable';
import { JoinProgramme } from './JoinProgramme';
import { PayoutForm } from './PayoutForm';
import { PayoutList } from './PayoutList';
import { ReferralLinks } from './ReferralLinks';
import { Standing } from './Standing';

interface Props extends PanelProps {
	/** The locale's usual currency, for the zeros shown before the first commission. */
	currency: string;
}

/** /panel/affiliate: joining the programme, then the links, figures, earnings and payouts. */
export default function Affiliate(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($affiliate);
	const notice = useStore($affiliateNotice);
	const load = () => void loadAffiliate(props.locale, t('panel.error.generic'));
	useEffect(load, []);

	if (loaded.state === 'loading')
		return (
			<div className="min-h-[36rem]" data-affiliate>
				<Skeleton lines={8} label={t('panel.loading')} />
			</div>
		);
	if (loaded.state === 'error')
		return (
			<div data-affiliate>
				<LoadError message={loaded.message} retry={load} retryLabel={t('panel.error.retry')} />
			</div>
		);
	const view = loaded.data;
	if (!view.joined)
		return (
			<div data-affiliate>
				<JoinProgramme view={view} locale={props.locale} tools={tools} />
			</div>
		);
	const joined = notice?.form === 'join' && notice.kind === 'success';
	return (
		<div className="flex flex-col gap-8" data-affiliate>
			{joined && (
				<p role="status" className="card text-emerald-200" data-joined>
					{notice.text}
				</p>
			)}
			<ReferralLinks code={view.code} locale={props.locale as Locale} tools={tools} />
			<Standing view={view} tools={tools} />
			<Balances view={view} currency={props.currency} tools={tools} />
			<CommissionTable commissions={view.commissions} tools={tools} />
			<PayoutForm view={view} currency={props.currency} locale={props.locale} tools={tools} />
			<PayoutList payouts={view.payouts} tools={tools} />
		</div>
	);
}
