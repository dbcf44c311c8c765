import { useId, useState } from 'react';
import { fill } from '../../../lib/fill';
import { postJson } from '../../../stores/panel-fetch';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

export const reverseDnsKeys = [
	'vps.rdns.ptr',
	'vps.rdns.none',
	'vps.rdns.placeholder',
	'vps.rdns.save',
	'vps.rdns.saving',
	'vps.rdns.saved',
	'vps.rdns.cleared',
	'vps.rdns.error.dns_unavailable',
] as const;

/**
 * One address's reverse DNS name and the form to change it. The server checks the name and that it
 * resolves to the address; its refusal (in the customer's language, saying where the name points)
 * is shown as it comes.
 */
export function ReverseDnsForm(props: {
	serviceId: string;
	locale: string;
	address: string;
	ptr: string | null;
	strings: Record<(typeof reverseDnsKeys)[number], string>;
}) {
	const t = props.strings;
	const [ptr, setPtr] = useState(props.ptr);
	const [value, setValue] = useState(props.ptr ?? '');
	const [busy, setBusy] = useState(false);
	const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
	const id = useId();
	return (
		<form
			className="flex flex-wrap items-end gap-3"
			data-rdns={props.address}
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				setBusy(true);
				setNotice(null);
				void postJson<{ address: string; ptr: string | null }>(
					`/api/services/${encodeURIComponent(props.serviceId)}/rdns`,
					{ address: props.address, ptr: value, locale: props.locale },
					t['vps.rdns.error.dns_unavailable'],
				).then((answer) => {
					setBusy(false);
					if (!answer.ok) return setNotice({ kind: 'error', text: answer.message });
					setPtr(answer.data.ptr);
					setValue(answer.data.ptr ?? '');
					const text = answer.data.ptr ? t['vps.rdns.saved'] : t['vps.rdns.cleared'];
					setNotice({
						kind: 'success',
						text: fill(text, { address: answer.data.address, ptr: answer.data.ptr ?? '' }),
					});
				});
			}}
		>
			<p className="basis-full text-sm text-neutral-300" data-rdns-current>
				<span className="font-mono text-neutral-100">{props.address}</span> →{' '}
				<span className="font-mono">{ptr ?? t['vps.rdns.none']}</span>
			</p>
			<div className="flex min-w-56 flex-1 flex-col gap-1">
				<label htmlFor={id} className="text-sm text-neutral-300">
					{t['vps.rdns.ptr']}
				</label>
				<input
					id={id}
					name="ptr"
					value={value}
					maxLength={253}
					placeholder={t['vps.rdns.placeholder']}
					autoCapitalize="none"
					autoComplete="off"
					spellCheck={false}
					onChange={(event) => setValue(event.target.value)}
					className={field}
				/>
			</div>
			<button type="submit" className="btn btn-primary" disabled={busy}>
				{busy ? t['vps.rdns.saving'] : t['vps.rdns.save']}
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
	);
}
