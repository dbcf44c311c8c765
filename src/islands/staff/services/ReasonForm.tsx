import { useState, type ReactNode } from 'react';
import { PostStatus, useStaffPost } from './staff-post';

interface Props {
	/** data-staff-action on the form, for the page and its tests. */
	name: string;
	title: string;
	reasonLabel: string;
	submit: string;
	url: string;
	locale: string;
	t: (key: string) => string;
	/** Fields before the reason; `extra` adds their values to the body. */
	children?: ReactNode;
	extra?: (form: FormData) => Record<string, unknown>;
}

/** One staff action that needs a reason: a form that posts it, with its outcome underneath. */
export function ReasonForm(props: Props) {
	const { state, post } = useStaffPost(props.locale, props.t('staff.services.failed'));
	const [reason, setReason] = useState('');
	return (
		<form
			className="card grid gap-3"
			data-staff-action={props.name}
			onSubmit={(event) => {
				event.preventDefault();
				const form = new FormData(event.currentTarget);
				void post(props.url, { reason, ...props.extra?.(form) });
			}}
		>
			<h3 className="font-bold">{props.title}</h3>
			{props.children}
			<label className="grid gap-1">
				<span>{props.reasonLabel}</span>
				<textarea
					className="rounded-lg bg-neutral-900 px-3 py-2 ring-1 ring-neutral-700"
					name="reason"
					required
					maxLength={500}
					value={reason}
					onChange={(event) => setReason(event.target.value)}
				/>
			</label>
			<button className="btn btn-primary justify-self-start" disabled={state.kind === 'busy'}>
				{props.submit}
			</button>
			<PostStatus state={state} t={props.t} />
		</form>
	);
}
