import { useState } from 'react';
import { panelTools, type PanelProps } from '../../panel/shared/context';
import { useStaffPost } from './staff-post';

interface Props extends PanelProps {
	invoiceId: string;
}

type Outcome = 'accept' | 'refund';
const doneKeys: Record<Outcome, string> = {
	accept: 'staff.money.flagged.accepted',
	refund: 'staff.money.flagged.refunded',
};

/** Accept or refund one payment flagged for review; the answer replaces the buttons. */
export default function ReviewActions(props: Props) {
	const { t } = panelTools(props);
	const { post, busy } = useStaffPost(
		`/api/staff/reviews/${props.invoiceId}`,
		t('staff.money.error.failed'),
	);
	const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

	async function settle(outcome: Outcome) {
		const result = await post({ outcome });
		setAnswer(
			result.ok ? { ok: true, text: t(doneKeys[outcome]) } : { ok: false, text: result.message },
		);
	}

	if (answer?.ok) return <p role="status">{answer.text}</p>;
	return (
		<div className="flex flex-wrap items-center gap-2" data-review={props.invoiceId}>
			<button
				type="button"
				className="btn btn-primary"
				disabled={busy}
				onClick={() => void settle('accept')}
			>
				{t('staff.money.flagged.accept')}
			</button>
			<button type="button" className="btn" disabled={busy} onClick={() => void settle('refund')}>
				{t('staff.money.flagged.refund')}
			</button>
			{answer && (
				<p role="alert" className="text-red-200">
					{answer.text}
				</p>
			)}
		</div>
	);
}
