import { useState } from 'react';

interface Props {
	label: string;
	password: string;
	copy: string;
	copied: string;
}

/** A password shown this once (as on the order page): selectable, with a copy button. */
export default function OneTimePassword({ label, password, copy, copied }: Props) {
	const [done, setDone] = useState(false);
	const onCopy = () =>
		void navigator.clipboard
			?.writeText(password)
			.then(() => setDone(true))
			.catch(() => setDone(false));
	return (
		<div className="rounded border border-amber-400 p-4" data-vps-new-password>
			<p className="font-semibold text-white">{label}</p>
			<div className="mt-2 flex flex-wrap items-center gap-3">
				<code className="font-mono text-lg text-amber-200 select-all" data-password-value>
					{password}
				</code>
				<button type="button" className="btn btn-secondary" onClick={onCopy}>
					{done ? copied : copy}
				</button>
			</div>
		</div>
	);
}
