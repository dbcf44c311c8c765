import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { fill } from '../../../lib/fill';
import {
	$cardBusy,
	$cardNotice,
	$savedCards,
	addCard,
	loadSavedCards,
	makeDefault,
	removeCard,
} from '../../../stores/saved-cards';
import { cardName } from '../billing/InvoicePayment';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';

interface Props extends PanelProps {
	/** Back from the gateway after saving a card. */
	added: boolean;
}

/** Saved cards: list, add one at the gateway, make one the default, remove one (asked twice). */
export default function SavedCards(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($savedCards);
	const notice = useStore($cardNotice);
	const busy = useStore($cardBusy);
	const [confirming, setConfirming] = useState<string | null>(null);
	const load = () => void loadSavedCards(t('panel.error.generic'));
	useEffect(() => {
		if (props.added) $cardNotice.set({ kind: 'success', text: t('cards.added') });
		load();
	}, []);
	const shownNotice = notice && (
		<p
			role={notice.kind === 'error' ? 'alert' : 'status'}
			className={notice.kind === 'error' ? 'text-red-200' : 'text-emerald-200'}
			data-card-notice={notice.kind}
		>
			{notice.text}
		</p>
	);
	return (
		<div className="flex max-w-2xl flex-col gap-4" data-saved-cards>
			<p className="text-neutral-200">{t('cards.intro')}</p>
			<div className="min-h-6">{shownNotice}</div>
			{loaded.state === 'loading' ? (
				<Skeleton lines={2} label={t('panel.loading')} />
			) : loaded.state === 'error' ? (
				<LoadError message={loaded.message} retry={load} retryLabel={t('panel.error.retry')} />
			) : loaded.data.methods.length === 0 ? (
				<p className="card text-neutral-200">{t('cards.none')}</p>
			) : (
				<ul className="flex flex-col gap-3">
					{loaded.data.methods.map((card) => {
						const name = cardName(card, t);
						return (
							<li
								key={card.id}
								className="card flex flex-wrap items-center justify-between gap-3 py-4"
								data-card={card.last4}
							>
								<div>
									<p className="font-semibold text-white">
										{name}
										{card.isDefault && (
											<span className="ml-2 rounded-full bg-primary-950/60 px-2 py-0.5 text-xs text-primary-100">
												{t('cards.default')}
											</span>
										)}
									</p>
									<p className={`text-sm ${card.expired ? 'text-red-200' : 'text-neutral-300'}`}>
										{card.expired
											? t('cards.expired')
											: fill(t('cards.expires'), {
													month: String(card.expMonth).padStart(2, '0'),
													year: card.expYear,
												})}
									</p>
								</div>
								{confirming === card.id ? (
									<div className="flex flex-wrap items-center gap-2">
										<span className="text-neutral-100">
											{fill(t('cards.confirmRemove'), { card: name })}
										</span>
										<button
											type="button"
											className="btn btn-primary"
											disabled={busy !== null}
											onClick={() => {
												setConfirming(null);
												void removeCard(card.id, props.locale, t('cards.removed'));
											}}
										>
											{t('cards.confirm')}
										</button>
										<button
											type="button"
											className="btn btn-secondary"
											onClick={() => setConfirming(null)}
										>
											{t('cards.keep')}
										</button>
									</div>
								) : (
									<div className="flex flex-wrap gap-2">
										{!card.isDefault && !card.expired && (
											<button
												type="button"
												className="btn btn-secondary"
												disabled={busy !== null}
												onClick={() =>
													void makeDefault(card.id, props.locale, t('cards.defaultSet'))
												}
												aria-label={`${t('cards.makeDefault')}: ${name}`}
											>
												{t('cards.makeDefault')}
											</button>
										)}
										<button
											type="button"
											className="btn btn-secondary"
											disabled={busy !== null}
											onClick={() => setConfirming(card.id)}
											aria-label={`${t('cards.remove')}: ${name}`}
										>
											{t('cards.remove')}
										</button>
									</div>
								)}
							</li>
						);
					})}
				</ul>
			)}
			<button
				type="button"
				className="btn btn-primary self-start"
				disabled={busy !== null}
				onClick={() => void addCard(props.locale)}
			>
				{busy === 'add' ? t('cards.adding') : t('cards.add')}
			</button>
		</div>
	);
}
