import type { ReactNode } from 'react';
import type { Loaded } from '../../../stores/panel-fetch';
import type { PanelTools } from './context';
import { LoadError } from './LoadError';
import { Skeleton } from './Skeleton';

interface Props<T> {
	loaded: Loaded<T>;
	/** The way back (a link above the page), shown in every state. */
	back: { href: string; label: string };
	/** Skeleton lines and the height they keep, about what the page is when loaded. */
	lines: number;
	minHeight: string;
	/** Reads the page again; not offered for "not found", which trying again cannot change. */
	retry: () => void;
	tools: PanelTools;
	children: (data: T) => ReactNode;
}

/**
 * A detail page's three states under its way back: a skeleton as tall as the page, the read's
 * error, then the page itself.
 */
export function LoadedView<T>({
	loaded,
	back,
	lines,
	minHeight,
	retry,
	tools,
	children,
}: Props<T>) {
	const { t, path } = tools;
	const link = (
		<a href={path(back.href)} className="self-start">
			← {back.label}
		</a>
	);
	if (loaded.state === 'ready')
		return (
			<div className="flex flex-col gap-6">
				{link}
				{children(loaded.data)}
			</div>
		);
	return (
		<div
			className="flex flex-col gap-4"
			style={loaded.state === 'loading' ? { minHeight } : undefined}
		>
			{link}
			{loaded.state === 'loading' ? (
				<Skeleton lines={lines} label={t('panel.loading')} />
			) : (
				<LoadError
					message={loaded.message}
					retry={loaded.notFound ? undefined : retry}
					retryLabel={t('panel.error.retry')}
				/>
			)}
		</div>
	);
}
