import { useState } from 'react';

/** Copies `text` to the clipboard and says so; `what` names it for screen readers. */
export function CopyButton(props: { text: string; what: string; copy: string; copied: string }) {
	const [done, setDone] = useState(false);
	return (
		<button
			type="button"
			className="btn btn-secondary px-3 py-1 text-sm"
			onClick={() =>
				void navigator.clipboard.writeText(props.text).then(
					() => setDone(true),
					() => setDone(false),
				)
			}
			data-copy={props.what}
		>
			<span aria-live="polite">{done ? props.copied : props.copy}</span>
			<span className="sr-only"> {props.what}</span>
		</button>
	);
}
