import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Line } from '~/stores/game-console';

/**
 * The output: follows new lines while the reader is at the bottom, stays put once they scrolled
 * up (a button brings them back down). A `log` region, so screen readers announce new lines.
 */
export function ConsoleLog(props: { lines: Line[]; label: string; empty: string; follow: string }) {
	const box = useRef<HTMLDivElement>(null);
	const [following, setFollowing] = useState(true);
	useLayoutEffect(() => {
		const el = box.current;
		if (el && following) el.scrollTop = el.scrollHeight;
	}, [props.lines, following]);
	useEffect(() => {
		const el = box.current;
		if (!el) return;
		const onScroll = () => setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight < 24);
		el.addEventListener('scroll', onScroll, { passive: true });
		return () => el.removeEventListener('scroll', onScroll);
	}, []);
	return (
		<div className="relative">
			<div
				ref={box}
				role="log"
				aria-label={props.label}
				aria-live="polite"
				tabIndex={0}
				data-console-log
				className="h-[50vh] max-h-[32rem] min-h-56 sm:h-[60vh] overflow-y-auto rounded bg-black p-3 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-neutral-100 sm:text-sm"
			>
				{props.lines.length === 0 ? (
					<p className="text-neutral-400">{props.empty}</p>
				) : (
					props.lines.map((line) => (
						<div key={line.id} data-console-line>
							{line.text}
						</div>
					))
				)}
			</div>
			{!following && (
				<button
					type="button"
					className="btn btn-secondary absolute right-3 bottom-3 text-sm"
					onClick={() => setFollowing(true)}
				>
					{props.follow}
				</button>
			)}
		</div>
	);
}
