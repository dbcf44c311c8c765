import { plural } from '../../lib/fill';

/**
 * The help search box as a custom element; Pagefind is imported only when someone types. Each
 * result's fragment is a download of its own, so a query fetches the first few and the next few
 * only when the reader reaches the end of the list.
 */
const PAGE = 4;

interface PagefindResult {
	url: string;
	excerpt: string;
	meta: { title?: string };
}
interface Pagefind {
	options(options: { noWorker?: boolean }): Promise<void>;
	search(query: string): Promise<{ results: { data(): Promise<PagefindResult> }[] } | null>;
	debouncedSearch(
		query: string,
		options?: object,
		ms?: number,
	): Promise<{ results: { data(): Promise<PagefindResult> }[] } | null>;
}

export function createHelpSearch() {
	return class HelpSearch extends HTMLElement {
		#pagefind?: Promise<Pagefind>;
		#stopWatching = () => {};

		connectedCallback() {
			const input = this.querySelector('input')!;
			const status = this.querySelector<HTMLElement>('[data-status]')!;
			const list = this.querySelector<HTMLElement>('[data-results]')!;
			const strings = JSON.parse(this.dataset.strings ?? '{}') as Record<string, string>;

			// The help index is small: searching on the page spares the worker's own download.
			const load = () =>
				(this.#pagefind ??= (
					import(/* @vite-ignore */ `${location.origin}/pagefind/pagefind.js`) as Promise<Pagefind>
				).then(async (pagefind) => {
					await pagefind.options({ noWorker: true });
					return pagefind;
				}));
			// Enter searches as typing does; it must not reload the page. (A listener, not an
			// onsubmit attribute: the Content-Security-Policy runs no inline handlers.)
			this.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
			input.addEventListener('focus', () => void load(), { once: true });
			input.addEventListener('input', () => void this.#search(input, status, list, strings, load));
			// Arrow keys move between the search box and the results.
			this.addEventListener('keydown', (event) => {
				if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
				const links = [...list.querySelectorAll('a')];
				if (!links.length) return;
				const index = links.indexOf(document.activeElement as HTMLAnchorElement);
				const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
				event.preventDefault();
				if (next < 0) input.focus();
				else links[Math.min(next, links.length - 1)]!.focus();
			});
		}

		async #search(
			input: HTMLInputElement,
			status: HTMLElement,
			list: HTMLElement,
			strings: Record<string, string>,
			load: () => Promise<Pagefind>,
		) {
			const query = input.value.trim();
			if (!query) {
				list.replaceChildren();
				status.textContent = '';
				return;
			}
			status.textContent = strings['help.search.loading'] ?? '';
			const search = await (await load()).debouncedSearch(query);
			// A newer query superseded this one (Pagefind answers null) or the box changed meanwhile.
			if (!search || input.value.trim() !== query) return;
			this.#stopWatching();
			list.replaceChildren();
			await this.#showMore(search.results, list, strings, input, query);
			const count = search.results.length;
			status.textContent =
				count === 0
					? (strings['help.search.none'] ?? '')
					: plural(
							strings['help.search.results_one'] ?? '',
							strings['help.search.results_other'] ?? '',
							count,
						);
		}

		/** Appends the next PAGE results; while more remain, a "more" item loads them when seen. */
		async #showMore(
			results: { data(): Promise<PagefindResult> }[],
			list: HTMLElement,
			strings: Record<string, string>,
			input: HTMLInputElement,
			query: string,
		): Promise<void> {
			const shown = list.querySelectorAll('a[data-result]').length;
			const next = await Promise.all(results.slice(shown, shown + PAGE).map((r) => r.data()));
			if (input.value.trim() !== query) return;
			list.querySelector('[data-more]')?.remove();
			list.append(...next.map((result) => this.#item(result)));
			if (shown + next.length >= results.length) return;
			const item = document.createElement('li');
			item.dataset.more = '';
			const button = document.createElement('button');
			button.type = 'button';
			button.className = 'block w-full px-5 py-3 text-left text-sm text-primary-300 underline';
			button.textContent = strings['help.search.more'] ?? '';
			const load = () => {
				this.#stopWatching();
				void this.#showMore(results, list, strings, input, query);
			};
			button.addEventListener('click', load);
			item.append(button);
			list.append(item);
			// Scrolling the end of the list into view loads more, as the button does for keyboard
			// users. Only a scroll counts: a list that fits the screen loads nothing it is not asked.
			const onScroll = () => {
				if (button.getBoundingClientRect().top < window.innerHeight) load();
			};
			window.addEventListener('scroll', onScroll, { passive: true });
			this.#stopWatching = () => window.removeEventListener('scroll', onScroll);
		}

		#item(result: PagefindResult): HTMLLIElement {
			const item = document.createElement('li');
			const link = document.createElement('a');
			link.href = result.url.replace(/(\/index)?\.html$/, '').replace(/(.)\/$/, '$1');
			link.className = 'block px-5 py-4 no-underline hover:bg-white/5 focus:bg-white/5';
			link.dataset.result = '';
			const title = document.createElement('span');
			title.className = 'block font-semibold text-white';
			title.textContent = result.meta.title ?? result.url;
			const excerpt = document.createElement('span');
			excerpt.className =
				'mt-1 block text-sm text-neutral-300 [&_mark]:bg-primary-300 [&_mark]:text-neutral-950';
			// Pagefind's excerpt is text from our own pages, escaped by Pagefind, with <mark> around hits.
			excerpt.innerHTML = result.excerpt;
			link.append(title, excerpt);
			item.append(link);
			return item;
		}
	};
}
