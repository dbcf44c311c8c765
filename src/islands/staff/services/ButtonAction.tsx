import { PostStatus, useStaffPost } from './staff-post';

interface Props {
	name: string;
	title: string;
	buttons: { label: string; body: Record<string, unknown> }[];
	url: string;
	locale: string;
	t: (key: string) => string;
}

/** A staff action without a reason: one button per choice, each a write of its own. */
export function ButtonAction({ name, title, buttons, url, locale, t }: Props) {
	const { state, post } = useStaffPost(locale, t('staff.services.failed'));
	return (
		<section className="card grid gap-3" data-staff-action={name}>
			<h3 className="font-bold">{title}</h3>
			<div className="flex flex-wrap gap-2">
				{buttons.map((button) => (
					<button
						key={button.label}
						type="button"
						className="btn btn-primary"
						disabled={state.kind === 'busy'}
						onClick={() => void post(url, button.body)}
					>
						{button.label}
					</button>
				))}
			</div>
			<PostStatus state={state} t={t} />
		</section>
	);
}
