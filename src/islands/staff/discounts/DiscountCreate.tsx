import { panelTools, type PanelProps } from '../../panel/shared/context';
import { PostStatus, useStaffPost } from '../services/staff-post';

const field = 'rounded-lg bg-neutral-900 px-3 py-2 ring-1 ring-neutral-700';

/** A `datetime-local` value (the browser's own time) as an ISO instant, or null when empty. */
const instant = (value: FormDataEntryValue | null) =>
	typeof value === 'string' && value ? new Date(value).toISOString() : null;

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

/** The console's form for a new discount code; the server checks every field again. */
export default function DiscountCreate(props: PanelProps) {
	const { t } = panelTools(props);
	const { state, post } = useStaffPost(props.locale, t('staff.discounts.failed'));
	return (
		<form
			className="card grid gap-3 md:grid-cols-2"
			data-discount-create
			onSubmit={(event) => {
				event.preventDefault();
				const form = new FormData(event.currentTarget);
				const maxUses = form.get('maxUses');
				void post('/api/staff/discounts', {
					code: text(form.get('code')),
					percent: Number(form.get('percent')),
					validFrom: instant(form.get('validFrom')) ?? new Date().toISOString(),
					validUntil: instant(form.get('validUntil')),
					maxUses: maxUses ? Number(maxUses) : null,
					firstInvoiceOnly: form.get('firstInvoiceOnly') === 'on',
				});
			}}
		>
			<h2 className="font-bold md:col-span-2">{t('staff.discounts.create.title')}</h2>
			<label className="grid gap-1">
				<span>{t('staff.discounts.create.code')}</span>
				<input className={field} name="code" required minLength={3} maxLength={32} />
			</label>
			<label className="grid gap-1">
				<span>{t('staff.discounts.create.percent')}</span>
				<input
					className={field}
					name="percent"
					type="number"
					step="0.01"
					min="0.01"
					max="100"
					required
				/>
			</label>
			<label className="grid gap-1">
				<span>{t('staff.discounts.create.validFrom')}</span>
				<input className={field} name="validFrom" type="datetime-local" />
			</label>
			<label className="grid gap-1">
				<span>{t('staff.discounts.create.validUntil')}</span>
				<input className={field} name="validUntil" type="datetime-local" />
			</label>
			<label className="grid gap-1">
				<span>{t('staff.discounts.create.maxUses')}</span>
				<input className={field} name="maxUses" type="number" min="1" step="1" />
			</label>
			<label className="flex items-center gap-2 self-end">
				<input name="firstInvoiceOnly" type="checkbox" defaultChecked />
				{t('staff.discounts.create.firstInvoiceOnly')}
			</label>
			<button className="btn btn-primary justify-self-start" disabled={state.kind === 'busy'}>
				{t('staff.discounts.create.submit')}
			</button>
			<div className="md:col-span-2">
				<PostStatus state={state} t={t} />
			</div>
		</form>
	);
}
