import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { fill } from '../../../lib/fill';
import { $installBusy } from '../../../stores/software-install';
import type { PanelTools } from '../shared/context';

/**
 * Asks before a software change, a pack's install or its update: what happens, in order (a backup
 * first, the server stops, its software is replaced, the worlds are kept unless a fresh world is
 * ticked, it starts again). Focus moves into it, so a keyboard or screen reader user hears it.
 */
export function ConfirmInstall(props: {
	target: string;
	/** A pack's words (its mods and configs) or plain software's. */
	kind: 'software' | 'modpack';
	/** Asked here unless the chooser already asked it (the software form has its own box). */
	freshWorld?: boolean;
	/** Facts the customer should weigh first (a RAM recommendation above the server's). */
	warning?: string;
	tools: PanelTools;
	confirm: (freshWorld: boolean) => void;
	close: () => void;
}) {
	const { target, tools, close } = props;
	const { t } = tools;
	const busy = useStore($installBusy);
	const [fresh, setFresh] = useState(props.freshWorld ?? false);
	const id = useId();
	const heading = useRef<HTMLHeadingElement>(null);
	useEffect(() => heading.current?.focus(), []);
	const steps = [
		fill(t('modpacks.confirm.backup'), { target }),
		t('modpacks.confirm.stop'),
		fill(t(`modpacks.confirm.replace.${props.kind}`), { target }),
		t(fresh ? 'modpacks.confirm.worldsFresh' : 'modpacks.confirm.worldsKept'),
		t('modpacks.confirm.start'),
	];
	return (
		<div
			role="dialog"
			aria-labelledby={`${id}-title`}
			aria-describedby={`${id}-steps`}
			className="rounded-lg border border-amber-300/40 bg-white/5 p-4"
			data-install-dialog
		>
			<h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold text-white">
				{fill(t('modpacks.confirm.title'), { target })}
			</h3>
			{props.warning && <p className="mt-2 text-amber-100">{props.warning}</p>}
			<ol id={`${id}-steps`} className="mt-2 list-decimal ps-5 text-neutral-100">
				{steps.map((step) => (
					<li key={step}>{step}</li>
				))}
			</ol>
			{props.freshWorld === undefined && (
				<label className="mt-3 flex items-start gap-2 text-neutral-100">
					<input
						type="checkbox"
						className="mt-1 accent-primary-400"
						checked={fresh}
						onChange={(event) => setFresh(event.target.checked)}
						data-install-fresh
					/>
					<span>
						{t('modpacks.freshWorld')}
						<span className="block text-sm text-neutral-300">{t('modpacks.freshWorldHint')}</span>
					</span>
				</label>
			)}
			<div className="mt-3 flex flex-wrap gap-2">
				<button
					type="button"
					className="btn btn-primary"
					disabled={busy !== null}
					onClick={() => props.confirm(fresh)}
					data-install-confirm
				>
					{t('modpacks.confirm.submit')}
				</button>
				<button type="button" className="btn btn-secondary" onClick={close}>
					{t('modpacks.confirm.cancel')}
				</button>
			</div>
		</div>
	);
}
