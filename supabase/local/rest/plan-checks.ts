import { RestError } from './errors.ts';
import { fieldOf } from './read-node.ts';
import type { ReadNode } from './read-node.ts';
import type { Field, Filter, LogicTree } from './types.ts';

// Checks that tie a request's names to the plan: every column exists on its resource (42703, as
// Postgres words it), every embed path names an embedded resource (PGRST108), and filters on an
// embed itself are only `is null` / `not is null` (PGRST120).

export function missingColumn(table: string, column: string): RestError {
	return new RestError(400, '42703', `column ${table}.${column} does not exist`);
}

export function checkColumn(
	node: Pick<ReadNode, 'scope' | 'columns' | 'computedFields'>,
	field: Field,
): void {
	if (!fieldOf(node, field.name)) throw missingColumn(node.scope, field.name);
}

export function findByPath(root: ReadNode, path: string[]): ReadNode {
	let node = root;
	for (const name of path) {
		const next = node.children.find(
			(child) => child.outputName === name || child.requestedName === name,
		);
		if (!next) {
			throw new RestError(
				400,
				'PGRST108',
				`'${name}' is not an embedded resource in this request`,
				null,
				`Verify that '${name}' is included in the 'select' query parameter.`,
			);
		}
		node = next;
	}
	return node;
}

export function checkTree(node: ReadNode, tree: LogicTree): void {
	if (tree.kind === 'filter') checkFilter(node, tree.filter);
	else for (const child of tree.children) checkTree(node, child);
}

export function checkFilter(node: ReadNode, filter: Filter): void {
	if (fieldOf(node, filter.field.name)) return;
	const embedded = node.children.find(
		(child) => child.outputName === filter.field.name || child.requestedName === filter.field.name,
	);
	if (!embedded) throw missingColumn(node.scope, filter.field.name);
	const op = filter.expr.operation;
	if (
		op.kind !== 'is' ||
		(op.value !== 'null' && op.value !== 'not_null') ||
		filter.field.jsonPath.length > 0
	) {
		throw new RestError(
			400,
			'PGRST120',
			`Bad operator on the '${filter.field.name}' embedded resource`,
			'Only is null or not is null filters are allowed on embedded resources',
		);
	}
}
