import { useId, type ReactNode } from 'react';

export interface Column {
	label: ReactNode;
	/** Right-aligned for amounts; hidden on phones for the least needed. */
	align?: 'right';
	wideOnly?: boolean;
}

/**
 * A headed section holding one table, or its empty state: the shape the affiliate page's balances,
 * commissions and payouts share. `name` becomes the table's data attribute (`data-commissions`)
 * and the empty state's (`data-no-commissions`), which the tests and styles look for.
 */
export function TableSection(props: {
	name: string;
	heading: string;
	caption: string;
	columns: Column[];
	/** Shown instead of the table when given (no rows). */
	empty?: string;
	children: ReactNode;
}) {
	const heading = useId();
	const last = props.columns.length - 1;
	return (
		<section aria-labelledby={heading} className="flex flex-col gap-3">
			<h2 id={heading} className="text-xl font-bold text-white">
				{props.heading}
			</h2>
			{props.empty !== undefined ? (
				<p className="card text-neutral-200" role="status" {...{ [`data-no-${props.name}`]: '' }}>
					{props.empty}
				</p>
			) : (
				<div className="card overflow-x-auto">
					<table className="w-full text-left text-sm" {...{ [`data-${props.name}`]: '' }}>
						<caption className="sr-only">{props.caption}</caption>
						<thead className="text-neutral-300">
							<tr>
								{props.columns.map((column, index) => (
									<th
										key={index}
										scope="col"
										className={[
											'py-2 font-medium',
											index < last ? 'pr-3' : '',
											column.align === 'right' ? 'text-right' : '',
											column.wideOnly ? 'hidden sm:table-cell' : '',
										].join(' ')}
									>
										{column.label}
									</th>
								))}
							</tr>
						</thead>
						<tbody>{props.children}</tbody>
					</table>
				</div>
			)}
		</section>
	);
}
