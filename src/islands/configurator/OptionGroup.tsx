import type { ReactNode } from 'react';

interface Option<T extends string | number> {
	value: T;
	label: ReactNode;
	hint?: ReactNode;
	/** Not available now; the hint says why. */
	disabled?: boolean;
}

interface Props<T extends string | number> {
	legend: string;
	name: string;
	/** The chosen value; null (or undefined) while nothing is chosen yet. */
	value: T | null | undefined;
	options: Option<T>[];
	onChange: (value: T) => void;
}

/** A set of radio buttons drawn as cards: native inputs, so keyboard and screen readers just work. */
export default function OptionGroup<T extends string | number>({
	legend,
	name,
	value,
	options,
	onChange,
}: Props<T>) {
	return (
		<fieldset className="mt-6">
			<legend className="text-sm font-semibold text-neutral-100">{legend}</legend>
			<div className="mt-2 grid gap-2 sm:grid-cols-2">
				{options.map((option) => (
					<label
						key={option.value}
						className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-neutral-600 px-4 py-3 text-sm has-checked:border-primary-300 has-checked:bg-primary-950/40 has-focus-visible:outline-2 has-focus-visible:outline-primary-300 has-disabled:cursor-not-allowed has-disabled:opacity-60"
					>
						<span className="flex items-center gap-3">
							<input
								type="radio"
								name={name}
								value={option.value}
								checked={option.value === value}
								disabled={option.disabled}
								onChange={() => onChange(option.value)}
								className="accent-primary-400"
							/>
							<span className="text-neutral-100">{option.label}</span>
						</span>
						{option.hint && <span className="text-neutral-300">{option.hint}</span>}
					</label>
				))}
			</div>
		</fieldset>
	);
}
