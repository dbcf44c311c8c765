import { useEffect, useId, useState } from 'react';
import { fill } from '../../lib/fill';
import { subdomainMax } from '../../lib/subdomain-shape';
import { checkSubdomain, type SubdomainCheck } from '../../stores/subdomain-check';
import type { ConfiguratorStrings } from './strings';

interface Props {
	value: string;
	locale: string;
	onChange: (label: string) => void;
	/** Told whether the label may be ordered (free and valid), so "Add to cart" can wait for it. */
	onCheck: (check: SubdomainCheck) => void;
	/** Set when "Add to cart" was pressed without a usable label: the message is shown at once. */
	showProblem: boolean;
	strings: ConfiguratorStrings;
}

/** The label of the subdomain extra, checked as it is typed: the rules, then whether it is free. */
export default function SubdomainField({
	value,
	locale,
	onChange,
	onCheck,
	showProblem,
	strings: s,
}: Props) {
	const ids = { input: useId(), hint: useId(), status: useId() };
	const [check, setCheck] = useState<SubdomainCheck>({ state: 'idle' });
	useEffect(() => {
		if (!value.trim()) {
			const idle: SubdomainCheck = { state: 'idle' };
			setCheck(idle);
			onCheck(idle);
			return;
		}
		let current = true;
		const timer = setTimeout(() => {
			setCheck({ state: 'checking', label: value });
			void checkSubdomain(value, locale).then((answer) => {
				if (!current) return;
				setCheck(answer);
				onCheck(answer);
			});
		}, 300);
		return () => {
			current = false;
			clearTimeout(timer);
		};
	}, [value, locale]);
	const refusal =
		check.state === 'refused'
			? (check.message ?? s[`checkout.error.${check.code}`])
			: showProblem && check.state === 'idle'
				? s['checkout.error.subdomain_required']
				: null;
	return (
		<div className="mt-3 flex flex-col gap-1" data-subdomain-field>
			<label htmlFor={ids.input} className="text-sm font-semibold text-neutral-100">
				{s['configurator.subdomain.label']}
			</label>
			<input
				id={ids.input}
				name="subdomain"
				value={value}
				maxLength={subdomainMax + 8}
				autoCapitalize="none"
				autoComplete="off"
				spellCheck={false}
				required
				aria-describedby={`${ids.hint} ${ids.status}`}
				aria-invalid={refusal ? true : undefined}
				onChange={(event) => onChange(event.target.value)}
				className="w-full max-w-sm rounded-lg border border-neutral-600 bg-neutral-800 px-3 py-2 text-white"
			/>
			<p id={ids.hint} className="text-sm text-neutral-300">
				{s['configurator.subdomain.hint']}
			</p>
			<p id={ids.status} className="text-sm" aria-live="polite">
				{check.state === 'checking' && (
					<span className="text-neutral-300">{s['configurator.subdomain.checking']}</span>
				)}
				{check.state === 'available' && (
					<span className="text-green-300">
						{fill(s['configurator.subdomain.available'], { address: check.name })}
					</span>
				)}
				{refusal && (
					<span className="text-red-300" role="alert">
						{refusal}
					</span>
				)}
			</p>
		</div>
	);
}
