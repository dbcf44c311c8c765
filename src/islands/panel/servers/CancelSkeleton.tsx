/**
 * Each block's height, shared by the page and its skeleton, so nothing moves when the data
 * arrives (the offers' texts differ in length between languages; the minimum holds the tallest).
 */
export const blockHeight = {
	summary: 'min-h-40',
	offer: 'min-h-72',
	form: 'min-h-[28rem]',
} as const;

export const offerGrid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

const bar = 'animate-pulse rounded-xl bg-white/5';

/** The cancel page's shape in grey while its one request is under way. */
export function CancelSkeleton({ label }: { label: string }) {
	return (
		<div data-skeleton>
			<p className="sr-only" role="status">
				{label}
			</p>
			<div aria-hidden="true" className="flex flex-col gap-8">
				<div className={`${bar} ${blockHeight.summary}`} />
				<div className="flex flex-col gap-4">
					<div className="h-7 w-48 animate-pulse rounded-lg bg-white/5" />
					<div className="h-12 max-w-prose animate-pulse rounded-lg bg-white/5" />
					<div className={offerGrid}>
						{Array.from({ length: 5 }, (_, i) => (
							<div key={i} className={`${bar} ${blockHeight.offer}`} />
						))}
					</div>
				</div>
				<div className={`${bar} ${blockHeight.form}`} />
			</div>
		</div>
	);
}
