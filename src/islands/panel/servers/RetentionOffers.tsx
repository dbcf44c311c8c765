import type { ReactNode } from 'react';
import { fill } from '../../../lib/fill';
import type { CancelPage } from '../../../stores/cancellation';
import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';
import { blockHeight, offerGrid } from './CancelSkeleton';
import type { Conversation, Department } from './live-chat';
import { PauseOffer } from './PauseOffer';
import { RetentionConversation } from './RetentionConversation';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

/** The offers, in docs/panel.md's order, and the support department each conversation goes to. */
const offers: { id: string; department: Department }[] = [
	{ id: 'priceMatch', department: 'sales' },
	{ id: 'pause', department: 'billing' },
	{ id: 'technical', department: 'technical' },
	{ id: 'loyalty', department: 'billing' },
	{ id: 'custom', department: 'sales' },
];

interface Props {
	page: CancelPage;
	tools: PanelTools;
	prefix: string;
	locale: string;
	methods: PaymentMethodKind[];
}

/** Before cancelling: five ways to keep the server, each a card with its conversation or pause. */
export function RetentionOffers({ page, tools, prefix, locale, methods }: Props) {
	const { t } = tools;
	const server = serviceName(page.service, t);
	const conversation = (id: string, department: Department): Conversation => ({
		subject: fill(t(`retention.${id}.subject`), { server }),
		department,
		message: fill(t(`retention.${id}.message`), { server }),
		serviceId: page.service.id,
	});
	const talk = (id: string, department: Department, label: string): ReactNode => (
		<RetentionConversation
			chat={page.chat}
			prefix={prefix}
			conversation={conversation(id, department)}
			label={label}
			offer={id}
		/>
	);
	return (
		<section className="flex flex-col gap-4" aria-labelledby="retention-title">
			<h2 id="retention-title" className="text-xl font-bold text-white">
				{t('cancelFlow.offers.title')}
			</h2>
			<p className="max-w-prose text-neutral-200">{t('cancelFlow.offers.intro')}</p>
			<ul className={offerGrid}>
				{offers.map(({ id, department }) => (
					<li key={id} className={`card flex flex-col gap-3 ${blockHeight.offer}`} data-offer={id}>
						<h3 className="text-lg font-semibold text-white">{t(`retention.${id}.title`)}</h3>
						<p className="grow text-neutral-200">{t(`retention.${id}.text`)}</p>
						{id === 'pause' ? (
							<PauseOffer
								page={page}
								tools={tools}
								locale={locale}
								methods={methods}
								ask={talk(id, department, t('retention.pause.ask'))}
							/>
						) : (
							<div>{talk(id, department, t(`retention.${id}.action`))}</div>
						)}
					</li>
				))}
			</ul>
		</section>
	);
}
