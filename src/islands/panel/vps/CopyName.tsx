import { useEffect, useId, useRef, useState } from 'react';

const box = 'min-w-0 flex-1 rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2';

/** A name in a read-only box with a Copy button; "Copied" (or how to copy by hand) for 2 s. */
export function CopyName(props: {
	value: string;
	label: string;
	copy: string;
	copied: string;
	failed: string;
}) {
	const [said, setSaid] = useState<string | null>(null);
	const input = useRef<HTMLInputElement>(null);
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
	useEffect(() => () => clearTimeout(timer.current), []);
	const ids = { label: useId(), input: useId() };

	async function copy() {
		clearTimeout(timer.current);
		try {
			await navigator.clipboard.writeText(props.value);
			setSaid(props.copied);
		} catch {
			// No clipboard (permissions, an old browser): select the name to copy by hand.
			input.current?.select();
			setSaid(props.failed);
		}
		timer.current = setTimeout(() => setSaid(null), 2000);
	}

	return (
		<div className="flex flex-col gap-1">
			<label id={ids.label} htmlFor={ids.input} className="text-sm text-neutral-300">
				{props.label}
			</label>
			<div className="flex flex-wrap items-center gap-2">
				<input
					ref={input}
					id={ids.input}
					type="text"
					readOnly
					value={props.value}
					onFocus={(event) => event.target.select()}
					className={`${box} font-mono text-sm text-neutral-100`}
					data-copy-name
				/>
				{/* Named "Copy" and the box's label, so the button says what it copies. */}
				<button
					type="button"
					className="btn btn-secondary"
					aria-labelledby={`${ids.label}-button ${ids.label}`}
					id={`${ids.label}-button`}
					onClick={() => void copy()}
				>
					{props.copy}
				</button>
				<span role="status" className="min-w-16 text-sm text-emerald-200" data-copied>
					{said}
				</span>
			</div>
		</div>
	);
}
