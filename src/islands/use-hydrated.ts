import { useEffect, useState } from 'react';

/**
 * False during the server render and the first client render, true after: values only the
 * browser knows (the visitor's stored currency) wait until then, so hydration matches the HTML.
 */
export function useHydrated(): boolean {
	const [hydrated, setHydrated] = useState(false);
	useEffect(() => setHydrated(true), []);
	return hydrated;
}
