import { useEffect, useState } from 'react';
import { fill } from '../../../lib/fill';
import type { CreditNoteRow } from '../../../lib/panel/types';
import { getJson, type Loaded } from '../../../stores/panel-fetch';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';

/** The customer's credit notes under their invoices, each with its PDF; nothing when there are none. */
export default function CreditNotes(props: PanelProps) {
	const { t, money, date } = panelTools(props);
	const [loaded, setLoaded] = useState<Loaded<{ creditNotes: CreditNoteRow[] }>>({
		state: 'loading',
	});
	const load = () =>
		void getJson<{ creditNotes: CreditNoteRow[] }>(
			`/api/panel/credit-notes?locale=${props.locale}`,
			t('panel.error.generic'),
		).then(setLoaded);
	useEffect(load, []);

	// An element, never null: Astro's server render takes a component that renders null for none
	// of React's.
	if (loaded.state === 'loading') return <div data-credit-notes-loading />;
	if (loaded.state === 'error')
		return <LoadError message={loaded.message} retry={load} retryLabel={t('panel.error.retry')} />;
	const notes = loaded.data.creditNotes;
	if (notes.length === 0) return <div data-credit-notes-none />;
	return (
		<section aria-labelledby="credit-notes-title" className="mt-10 flex flex-col gap-3">
			<h2 id="credit-notes-title" className="text-xl font-semibold text-white">
				{t('staff.money.panel.creditNotes')}
			</h2>
			<ul className="text-sm" data-credit-notes>
				{notes.map((note) => (
					<li
						key={note.id}
						className="flex flex-wrap items-center justify-between gap-4 border-t border-white/10 py-2"
						data-credit-note={note.number}
					>
						<span>
							{note.number} · {date(note.issuedAt)}
							{note.invoiceNumber &&
								` · ${fill(t('staff.money.panel.credits'), { invoice: note.invoiceNumber })}`}
						</span>
						<span className="flex items-center gap-4">
							<span className="whitespace-nowrap">{money(note.total, note.currency)}</span>
							<a
								className="underline"
								href={`/api/credit-notes/${note.id}/pdf?locale=${props.locale}&download=1`}
							>
								{fill(t('staff.money.panel.pdf'), { number: note.number })}
							</a>
						</span>
					</li>
				))}
			</ul>
		</section>
	);
}
