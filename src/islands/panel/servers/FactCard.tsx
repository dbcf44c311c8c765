/** One fact: its label, its value, and the name tests and styles find it by (`data-fact`). */
export type Fact = [label: string, value: string, name?: string];

/** A card of facts under a heading, as a server's details and its subscription are shown. */
export function FactCard(props: {
	title: string;
	id: string;
	facts: Fact[];
	/** Attributes for the card itself (`data-…` markers). */
	marks?: Record<`data-${string}`, string>;
}) {
	const { title, id, facts, marks } = props;
	return (
		<section className="card" aria-labelledby={id} {...marks}>
			<h2 id={id} className="text-lg font-bold text-white">
				{title}
			</h2>
			{/* Columns no narrower than the longest label word ("Abrechnungsintervall"): fixed counts
			    per breakpoint squeezed it into the next column's label in two side-by-side cards. */}
			<dl className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-4">
				{facts.map(([label, value, name]) => (
					<div key={label} className="flex flex-col gap-1">
						<dt className="text-sm text-neutral-300">{label}</dt>
						<dd className="break-words text-white" data-fact={name}>
							{value}
						</dd>
					</div>
				))}
			</dl>
		</section>
	);
}
