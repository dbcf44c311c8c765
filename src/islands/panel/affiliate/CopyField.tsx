import { useEffect, useId, useRef, useState } from 'react';

interface Props {
	label: string;
	value: string;
	copy: string;
	copied: string;
	failed: string;
}

/** A link in a read-only box with a Copy button; "Copied" is said for two seconds. */
export function CopyField({ label, value, copy, copied, failed }: Props) {
	const ids = { label: useId(), input: useId(), button: useId() };
	const box = useRef<HTMLInputElement>(null);
	const [said, setSaid] = useState<string | null>(null);
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
	useEffect(() => () => clearTimeout(timer.current), []);

	async function copyLink() {
		clearTimeout(timer.current);
		try {
			await navigator.clipboard.writeText(value);
			setSaid(copied);
		} catch {
			// No clipboard (permissions, an old browser): select the link to copy by hand.
			box.current?.select();
			setSaid(failed);
		}
		timer.current = setTimeout(() => setSaid(null), 2000);
	}

	return (
		<div className="flex flex-col gap-1">
			<label id={ids.label} htmlFor={ids.input} className="text-sm text-neutral-300">
				{label}
			</label>
			<div className="flex flex-wrap items-center gap-2">
				<input
					ref={box}
					id={ids.input}
					type="text"
					readOnly
					value={value}
					onFocus={(event) => event.target.select()}
					className="min-w-0 flex-1 rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2.5 font-mono text-sm text-neutral-100"
					data-referral-link
				/>
				{/* Named "Copy" and the link's label, so each button says which link it copies. */}
				<button
					id={ids.button}
					type="button"
					className="btn btn-secondary"
					aria-labelledby={`${ids.button} ${ids.label}`}
					onClick={() => void copyLink()}
				>
					{copy}
				</button>
				<span role="status" className="min-w-16 text-sm text-emerald-200" data-copied>
					{said}
				</span>
			</div>
		</div>
	);
}
