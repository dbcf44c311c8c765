import { useId, useState } from 'react';
import { fill } from '../../../lib/fill';
import { subdomainMax } from '../../../lib/subdomain-shape';
import { postJson } from '../../../stores/panel-fetch';
import { CopyName } from './CopyName';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

export const vpsSubdomainKeys = [
	'vps.subdomain.intro',
	'vps.subdomain.choose',
	'vps.subdomain.name',
	'vps.subdomain.copy',
	'vps.subdomain.copied',
	'vps.subdomain.copyFailed',
	'vps.subdomain.field',
	'vps.subdomain.save',
	'vps.subdomain.saving',
	'vps.subdomain.saved',
	'vps.subdomain.pending',
	'vps.subdomain.failed',
	'vps.subdomain.error',
] as const;

type Strings = Record<(typeof vpsSubdomainKeys)[number], string>;

export interface VpsSubdomainProps {
	serviceId: string;
	locale: string;
	label: string | null;
	/** `label.<zone>` once its records are published, else null. */
	name: string | null;
	dns: string | null;
	/** The zone names are made in, to show a saved label's name before it is published. */
	zone: string;
	/** Running: the label can be changed (the server refuses otherwise, in the customer's words). */
	changeable: boolean;
	strings: Strings;
}

/**
 * The VPS's own name (the subdomain extra): the name to copy, the state of its A and AAAA records,
 * and a form to choose or change the label. The server judges the label (checkout's rules, free
 * among live services) and answers any refusal in the customer's language.
 */
export function VpsSubdomain(props: VpsSubdomainProps) {
	const t = props.strings;
	const [state, setState] = useState({ label: props.label, dns: props.dns, name: props.name });
	const [value, setValue] = useState(props.label ?? '');
	const [busy, setBusy] = useState(false);
	const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
	const fieldId = useId();
	const shown = state.name ?? (state.label ? `${state.label}.${props.zone}` : null);

	return (
		<div className="flex flex-col gap-4" data-vps-subdomain={state.label ?? ''}>
			<p className="text-neutral-200">
				{shown ? t['vps.subdomain.intro'] : t['vps.subdomain.choose']}
			</p>
			{shown && (
				<CopyName
					value={shown}
					label={t['vps.subdomain.name']}
					copy={t['vps.subdomain.copy']}
					copied={t['vps.subdomain.copied']}
					failed={t['vps.subdomain.copyFailed']}
				/>
			)}
			{state.dns === 'pending' && (
				<p className="text-sm text-neutral-300">{t['vps.subdomain.pending']}</p>
			)}
			{state.dns === 'failed' && (
				<p className="text-sm text-amber-300" role="status">
					{t['vps.subdomain.failed']}
				</p>
			)}
			{props.changeable && (
				<form
					className="flex flex-wrap items-end gap-3"
					noValidate
					onSubmit={(event) => {
						event.preventDefault();
						setBusy(true);
						setNotice(null);
						void postJson<{ label: string; address: string | null; dns: string | null }>(
							`/api/services/${encodeURIComponent(props.serviceId)}/subdomain`,
							{ subdomain: value, locale: props.locale },
							t['vps.subdomain.error'],
						).then((answer) => {
							setBusy(false);
							if (!answer.ok) return setNotice({ kind: 'error', text: answer.message });
							const name = `${answer.data.label}.${props.zone}`;
							setState({
								label: answer.data.label,
								dns: answer.data.dns,
								name: answer.data.dns === 'published' ? name : null,
							});
							setValue(answer.data.label);
							setNotice({ kind: 'success', text: fill(t['vps.subdomain.saved'], { name }) });
						});
					}}
				>
					<div className="flex min-w-56 flex-1 flex-col gap-1">
						<label htmlFor={fieldId} className="text-sm text-neutral-300">
							{t['vps.subdomain.field']}
						</label>
						<input
							id={fieldId}
							name="subdomain"
							value={value}
							maxLength={subdomainMax + 8}
							autoCapitalize="none"
							autoComplete="off"
							spellCheck={false}
							onChange={(event) => setValue(event.target.value)}
							className={field}
						/>
					</div>
					<button type="submit" className="btn btn-primary" disabled={busy}>
						{busy ? t['vps.subdomain.saving'] : t['vps.subdomain.save']}
					</button>
					{notice && (
						<p
							className={`basis-full text-sm ${notice.kind === 'error' ? 'text-red-300' : 'text-green-300'}`}
							role={notice.kind === 'error' ? 'alert' : 'status'}
						>
							{notice.text}
						</p>
					)}
				</form>
			)}
		</div>
	);
}
