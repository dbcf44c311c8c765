import { useState } from 'react';
import { panelTools, type PanelProps } from '../../panel/shared/context';
import { useStaffPost } from './staff-post';

interface Props extends PanelProps {
	approvalId: string;
	/** Asked for by the member of staff looking: they cannot decide it (the server refuses too). */
	own: boolean;
	/** Approved by someone and being carried out right now. */
	executing: boolean;
}

type Decision = 'approve' | 'reject';
const doneKeys: Record<Decision, string> = {
	approve: 'staff.money.approval.approved',
	reject: 'staff.money.approval.rejected',
};

/** A second member of staff approves or rejects a credit or refund above the limit, once. */
export default function ApprovalDecision(props: Props) {
	const { t } = panelTools(props);
	const { post, busy } = useStaffPost(
		`/api/staff/approvals/${props.approvalId}`,
		t('staff.money.error.failed'),
	);
	const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

	if (props.executing) return <p>{t('staff.money.approval.executing')}</p>;
	if (props.own) return <p data-approval-own>{t('staff.money.approval.own')}</p>;

	async function decide(decision: Decision) {
		const result = await post({ decision });
		setAnswer(
			result.ok ? { ok: true, text: t(doneKeys[decision]) } : { ok: false, text: result.message },
		);
	}

	if (answer?.ok) return <p role="status">{answer.text}</p>;
	return (
		<div className="flex flex-wrap items-center gap-2" data-approval-decision={props.approvalId}>
			<button
				type="button"
				className="btn btn-primary"
				disabled={busy}
				onClick={() => void decide('approve')}
			>
				{t('staff.money.approval.approve')}
			</button>
			<button type="button" className="btn" disabled={busy} onClick={() => void decide('reject')}>
				{t('staff.money.approval.reject')}
			</button>
			{answer && (
				<p role="alert" className="text-red-200">
					{answer.text}
				</p>
			)}
		</div>
	);
}
