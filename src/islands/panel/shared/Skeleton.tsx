/**
 * Grey bars where data will be, the same height as what replaces them, so nothing moves when it
 * arrives. Hidden from screen readers, which hear the status line instead.
 */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
	return (
		<div data-skeleton>
			<p className="sr-only" role="status">
				{label}
			</p>
			<div aria-hidden="true" className="flex flex-col gap-3">
				{Array.from({ length: lines }, (_, i) => (
					<div key={i} className="h-10 animate-pulse rounded-lg bg-white/5" />
				))}
			</div>
		</div>
	);
}
