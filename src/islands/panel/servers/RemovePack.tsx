import { useEffect, useId, useRef } from 'react';
import { fill } from '../../../lib/fill';
import type { PanelTools } from '../shared/context';

/**
 * Asks before a pack is removed: a backup first, then the server stops and goes back to plain
 * server software (what it ran before the pack, else Vanilla); the worlds stay.
 */
export function RemovePack(props: {
	name: string;
	tools: PanelTools;
	confirm: () => void;
	close: () => void;
}) {
	const { t } = props.tools;
	const id = useId();
	const heading = useRef<HTMLHeadingElement>(null);
	useEffect(() => heading.current?.focus(), []);
	return (
		<div
			role="dialog"
			aria-labelledby={`${id}-title`}
			aria-describedby={`${id}-what`}
			className="rounded-lg border border-amber-300/40 bg-white/5 p-4"
			data-remove-dialog
		>
			<h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold text-white">
				{fill(t('modpacks.server.removeTitle'), { name: props.name })}
			</h3>
			<p id={`${id}-what`} className="mt-2 text-amber-100">
				{t('modpacks.server.removeWhat')}
			</p>
			<div className="mt-3 flex flex-wrap gap-2">
				<button
					type="button"
					className="btn btn-primary"
					onClick={props.confirm}
					data-remove-confirm
				>
					{t('modpacks.server.remove')}
				</button>
				<button type="button" className="btn btn-secondary" onClick={props.close}>
					{t('modpacks.confirm.cancel')}
				</button>
			</div>
		</div>
	);
}
