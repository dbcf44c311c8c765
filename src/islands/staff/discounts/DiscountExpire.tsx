import { panelTools, type PanelProps } from '../../panel/shared/context';
import { PostStatus, useStaffPost } from '../services/staff-post';

/** Ends a code's window now; the code and its uses stay. */
export default function DiscountExpire(props: PanelProps & { code: string }) {
	const { t } = panelTools(props);
	const { state, post } = useStaffPost(props.locale, t('staff.discounts.failed'));
	return (
		<div data-discount-expire>
			<button
				type="button"
				className="btn btn-secondary"
				disabled={state.kind === 'busy'}
				onClick={() =>
					void post(`/api/staff/discounts/${encodeURIComponent(props.code)}/expire`, {})
				}
			>
				{t('staff.discounts.expire.submit')}
			</button>
			<PostStatus state={state} t={t} />
		</div>
	);
}
