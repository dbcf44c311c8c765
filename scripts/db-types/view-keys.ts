import type { SqlSession as Transaction } from '@frostnode/local-supabase';

// Which columns of a view show which columns of a table, read from the view's stored query tree
// (pg_rewrite.ev_action) the way PostgREST builds its schema cache: each output column of the
// view's query names the table column it comes from (resorigtbl, resorigcol), possibly through
// other views. A view that shows every column of a foreign key takes part in that relationship.

export interface ViewKeyDependency {
	table: { schema: string; name: string };
	view: { schema: string; name: string };
	constraintName: string;
	/** `f`: the view shows the key's own columns; `f_ref`: the columns the key points to. */
	kind: 'f' | 'f_ref';
	/** For each column of the key, in key order: the view columns that show it. */
	viewColumns: string[][];
}

type TreeValue = string | null | TreeValue[] | TreeNode;
interface TreeNode {
	node: string;
	fields: Map<string, TreeValue>;
}

/** Parses Postgres' node-tree text (nodeToString) into nodes, lists and scalar tokens. */
export function parseNodeTree(text: string): TreeValue {
	const tokens: string[] = [];
	for (let i = 0; i < text.length;) {
		const char = text[i] as string;
		if (/\s/.test(char)) {
			i += 1;
		} else if ('(){}'.includes(char)) {
			tokens.push(char);
			i += 1;
		} else {
			let token = '';
			while (
				i < text.length &&
				!/\s/.test(text[i] as string) &&
				!'(){}'.includes(text[i] as string)
			) {
				if (text[i] === '\\' && i + 1 < text.length) i += 1; // a backslash quotes the next char
				token += text[i];
				i += 1;
			}
			tokens.push(token);
		}
	}
	let at = 0;
	const value = (): TreeValue => {
		const token = tokens[at++];
		if (token === '(') {
			const list: TreeValue[] = [];
			while (at < tokens.length && tokens[at] !== ')') list.push(value());
			at += 1;
			return list;
		}
		if (token === '{') {
			const node: TreeNode = { node: tokens[at++] ?? '', fields: new Map() };
			while (at < tokens.length && tokens[at] !== '}') {
				const field = tokens[at++] ?? '';
				const next = tokens[at];
				if (next === '(' || next === '{') {
					node.fields.set(field, value());
					continue;
				}
				// A scalar, or a datum such as `4 [ 42 0 0 0 ]`: everything up to the next field.
				const parts: string[] = [];
				while (at < tokens.length && tokens[at] !== '}' && !tokens[at]?.startsWith(':')) {
					parts.push(tokens[at++] as string);
				}
				node.fields.set(field, parts.length === 1 && parts[0] === '<>' ? null : parts.join(' '));
			}
			at += 1;
			return node;
		}
		return token === '<>' || token === undefined ? null : token;
	};
	return value();
}

interface ColumnOrigin {
	viewId: number;
	viewColumn: number;
	tableId: number;
	tableColumn: number;
}

/** The origin of each output column of a view's query: its resno and (resorigtbl, resorigcol). */
function columnOrigins(viewId: number, evAction: string): ColumnOrigin[] {
	const tree = parseNodeTree(evAction);
	const query = Array.isArray(tree) ? tree[0] : null;
	if (!query || typeof query !== 'object' || Array.isArray(query)) return [];
	const targetList = query.fields.get(':targetList');
	if (!Array.isArray(targetList)) return [];
	return targetList.flatMap((entry) => {
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return [];
		const number = (field: string) => Number(entry.fields.get(field));
		return [
			{
				viewId,
				viewColumn: number(':resno'),
				tableId: number(':resorigtbl'),
				tableColumn: number(':resorigcol'),
			},
		];
	});
}

export async function viewKeyDependencies(
	tx: Transaction,
	schemas: string[],
): Promise<ViewKeyDependency[]> {
	const views = (
		await tx.query<{ id: number; ev_action: string }>(
			`select c.oid::int as id, r.ev_action::text as ev_action
			 from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_rewrite r on r.ev_class = c.oid
			 where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
			 order by n.nspname, c.relname`,
			[schemas],
		)
	).rows;
	if (views.length === 0) return [];
	const direct = views.flatMap((view) => columnOrigins(view.id, view.ev_action));

	// Follow columns through views built on views, to every relation they come from on the way.
	const origins: ColumnOrigin[] = [];
	const visit = (origin: ColumnOrigin, path: number[]) => {
		origins.push(origin);
		if (path.includes(origin.tableId)) return;
		for (const deeper of direct) {
			if (deeper.viewId === origin.tableId && deeper.viewColumn === origin.tableColumn) {
				visit({ ...origin, tableId: deeper.tableId, tableColumn: deeper.tableColumn }, [
					...path,
					origin.tableId,
				]);
			}
		}
	};
	for (const origin of direct) visit(origin, []);

	const names = await tx.query<{
		relid: number;
		attnum: number;
		attname: string;
		relname: string;
		nspname: string;
	}>(
		`select a.attrelid::int as relid, a.attnum::int as attnum, a.attname, c.relname, n.nspname
		 from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
		 where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped`,
		[[...new Set([...views.map((v) => v.id), ...origins.map((o) => o.tableId)])]],
	);
	const relationName = new Map(
		names.rows.map((row) => [row.relid, { schema: row.nspname, name: row.relname }]),
	);
	const columnName = new Map(names.rows.map((row) => [`${row.relid}.${row.attnum}`, row.attname]));

	// Foreign keys by the columns they constrain (`f`) and the columns they reference (`f_ref`).
	const keys = (
		await tx.query<{ name: string; kind: 'f' | 'f_ref'; relid: number; columns: number[] }>(
			`select conname as name, 'f' as kind, conrelid::int as relid, to_json(conkey::int[]) as columns
			 from pg_constraint where contype = 'f'
			 union all
			 select c.conname, 'f_ref', c.confrelid::int, to_json(c.confkey::int[])
			 from pg_constraint c join pg_namespace n on n.oid = c.connamespace
			 where c.contype = 'f' and n.nspname = any($1::text[])
			 order by 1, 2, 3`,
			[schemas],
		)
	).rows;

	const dependencies: ViewKeyDependency[] = [];
	for (const view of views) {
		const viewName = relationName.get(view.id);
		if (!viewName) continue;
		for (const key of keys) {
			const tableName = relationName.get(key.relid);
			if (!tableName) continue;
			const viewColumns = key.columns.map((tableColumn) =>
				[
					...new Set(
						origins
							.filter(
								(o) =>
									o.viewId === view.id && o.tableId === key.relid && o.tableColumn === tableColumn,
							)
							.map((o) => o.viewColumn),
					),
				]
					.sort((a, b) => a - b)
					.map((attnum) => columnName.get(`${view.id}.${attnum}`) ?? ''),
			);
			// Only keys the view shows completely.
			if (viewColumns.some((columns) => columns.length === 0)) continue;
			dependencies.push({
				table: tableName,
				view: viewName,
				constraintName: key.name,
				kind: key.kind,
				viewColumns,
			});
		}
	}
	return dependencies;
}
