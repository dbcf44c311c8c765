import type { Cardinality, QualifiedName, Relationship } from './relationship-types.ts';
import type { ViewKeyDependencyRow } from './view-key-deps.ts';

// Relationships through views (SchemaCache.hs addViewM2OAndO2ORels, addViewPrimaryKeys): a view
// whose columns expose a foreign key's columns, or the columns it references, takes part in that
// relationship as the table would; a view exposing a whole primary key has it as its own.

export const qualifiedKey = (name: QualifiedName) => `${name.schema}.${name.name}`;

function zipColumns<T>(lists: T[][]): T[][] {
	// Every combination when a table column is exposed by several view columns (expandKeyDepCols).
	return lists.reduce<T[][]>(
		(acc, options) => acc.flatMap((a) => options.map((o) => [...a, o])),
		[[]],
	);
}

/** addViewM2OAndO2ORels: view→table, table→view and view→view copies of each foreign key. */
export function viewRelationships(
	rels: Relationship[],
	deps: ViewKeyDependencyRow[],
): Relationship[] {
	const find = (table: QualifiedName, constraint: string, type: 'f' | 'f_ref') =>
		deps.filter(
			(d) =>
				d.table_schema === table.schema &&
				d.table_name === table.name &&
				d.constraint_name === constraint &&
				d.constraint_type === type,
		);
	const expand = (dep: ViewKeyDependencyRow) =>
		zipColumns(dep.column_dependencies.map(([, viewCols]) => viewCols));
	const out: Relationship[] = [];
	for (const rel of rels) {
		if (rel.kind !== 'fk') continue;
		const card = rel.cardinality;
		if (card.type !== 'M2O' && !(card.type === 'O2O' && !card.isParent)) continue;
		const build = (columns: [string, string][]): Cardinality =>
			card.type === 'M2O'
				? { type: 'M2O', constraint: card.constraint, columns }
				: { type: 'O2O', constraint: card.constraint, columns, isParent: false };
		const viewTable = find(rel.table, card.constraint, 'f');
		const tableView = find(rel.foreignTable, card.constraint, 'f_ref');
		const view = (d: ViewKeyDependencyRow) => ({ schema: d.view_schema, name: d.view_name });
		for (const vt of viewTable) {
			for (const vCols of expand(vt)) {
				const columns = card.columns.map(([, f], i) => [vCols[i], f] as [string, string]);
				out.push({
					...rel,
					table: view(vt),
					isSelf: false,
					cardinality: build(columns),
					tableIsView: true,
					foreignTableIsView: false,
				});
			}
		}
		for (const tv of tableView) {
			for (const vCols of expand(tv)) {
				const columns = card.columns.map(([t], i) => [t, vCols[i]] as [string, string]);
				out.push({
					...rel,
					foreignTable: view(tv),
					isSelf: false,
					cardinality: build(columns),
					tableIsView: false,
					foreignTableIsView: true,
				});
			}
		}
		for (const vt of viewTable) {
			for (const vCols1 of expand(vt)) {
				for (const tv of tableView) {
					for (const vCols2 of expand(tv)) {
						const columns = vCols1.map((c, i) => [c, vCols2[i]] as [string, string]);
						const [v1, v2] = [view(vt), view(tv)];
						out.push({
							kind: 'fk',
							table: v1,
							foreignTable: v2,
							isSelf: qualifiedKey(v1) === qualifiedKey(v2),
							cardinality: build(columns),
							tableIsView: true,
							foreignTableIsView: true,
						});
					}
				}
			}
		}
	}
	return [...rels, ...out];
}

/** addViewPrimaryKeys: a view's primary key is the first view column exposing each key column. */
export function viewPrimaryKey(
	deps: ViewKeyDependencyRow[],
	schema: string,
	view: string,
): string[] {
	return deps
		.filter((d) => d.constraint_type === 'p' && d.view_schema === schema && d.view_name === view)
		.flatMap((d) => d.column_dependencies.flatMap(([, viewCols]) => viewCols.slice(0, 1)));
}
