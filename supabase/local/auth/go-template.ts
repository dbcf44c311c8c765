import { escapeHtml } from './escape-html.ts';

// The part of Go's html/template that Supabase's e-mail templates use, so the project's templates
// render here as GoTrue renders them on a hosted project: {{ .Field.Key }}, {{ $v := … }},
// {{ if … }}{{ else if … }}{{ else }}{{ end }}, the functions eq, ne, not, and, or, comments and
// the {{- -}} trim markers. Anything else is refused when the template is parsed (at start), so a
// template that works here uses nothing the hosted service lacks.

type Expr =
	/** `root` null is the dot; else a variable, `$x`. */
	| { kind: 'field'; root: string | null; path: string[] }
	| { kind: 'literal'; value: unknown }
	| { kind: 'call'; name: string; args: Expr[] };

type Node =
	| { kind: 'text'; text: string }
	| { kind: 'print'; expr: Expr }
	| { kind: 'assign'; name: string; expr: Expr }
	| { kind: 'if'; branches: { test: Expr | null; body: Node[] }[] };

const functions: Record<string, (...args: unknown[]) => unknown> = {
	eq: (first, ...rest) => rest.some((other) => other === first),
	ne: (a, b) => a !== b,
	not: (a) => !truthy(a),
	and: (...args) => args.find((arg) => !truthy(arg)) ?? args.at(-1),
	or: (...args) => args.find((arg) => truthy(arg)) ?? args.at(-1),
};

/** Go's truth: false, 0, nil and empty strings, lists and maps are false. */
function truthy(value: unknown): boolean {
	if (Array.isArray(value)) return value.length > 0;
	if (value && typeof value === 'object') return Object.keys(value).length > 0;
	return Boolean(value);
}

// Strings, parentheses, assignment, field chains (.A.B, $v.A), variables, the dot and words; any
// other character is a token of its own, refused by the parser.
const tokenPattern = /"(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|:=|=|\$?\w*(?:\.\w+)+|\$\w*|\.|[\w-]+|\S/g;

function parseExpr(tokens: string[]): Expr {
	const operand = (): Expr => {
		const token = tokens.shift();
		if (token === undefined) throw new Error('template: missing value');
		if (token === '(') {
			const inner = parseExpr(tokens);
			if (tokens.shift() !== ')') throw new Error('template: unclosed (');
			return inner;
		}
		if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) };
		if (token.startsWith('`')) return { kind: 'literal', value: token.slice(1, -1) };
		if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' };
		if (/^-?\d+$/.test(token)) return { kind: 'literal', value: Number(token) };
		if (token === '.') return { kind: 'field', root: null, path: [] };
		if (token.startsWith('.') || token.startsWith('$')) {
			const [head, ...path] = token.split('.');
			return { kind: 'field', root: head === '' ? null : head!, path };
		}
		throw new Error(`template: unknown word "${token}"`);
	};
	const head = tokens[0];
	if (head && Object.hasOwn(functions, head)) {
		tokens.shift();
		const args: Expr[] = [];
		while (tokens.length && tokens[0] !== ')') args.push(operand());
		return { kind: 'call', name: head, args };
	}
	return operand();
}

/** The whole of `tokens` as one expression. */
function whole(tokens: string[]): Expr {
	const rest = [...tokens];
	const expr = parseExpr(rest);
	if (rest.length) throw new Error(`template: cannot read "${tokens.join(' ')}"`);
	return expr;
}

/** Parses a template; throws on anything outside the supported subset. */
export function parseGoTemplate(source: string): Node[] {
	const parts = source.split(/(\{\{-?\s*[\s\S]*?\s*-?\}\})/);
	const root: Node[] = [];
	const stack: { branches: { test: Expr | null; body: Node[] }[] }[] = [];
	let current = root;
	parts.forEach((part, index) => {
		if (index % 2 === 0) {
			let text = part;
			if (parts[index - 1]?.endsWith('-}}')) text = text.replace(/^\s+/, '');
			if (parts[index + 1]?.startsWith('{{-')) text = text.replace(/\s+$/, '');
			if (text) current.push({ kind: 'text', text });
			return;
		}
		const action = part
			.replace(/^\{\{-?/, '')
			.replace(/-?\}\}$/, '')
			.trim();
		if (action.startsWith('/*')) return;
		const tokens = action.match(tokenPattern) ?? [];
		const word = tokens[0];
		if (word === 'if') {
			const node: Node = { kind: 'if', branches: [{ test: whole(tokens.slice(1)), body: [] }] };
			current.push(node);
			stack.push(node);
			current = node.branches[0]!.body;
		} else if (word === 'else') {
			const open = stack.at(-1);
			if (!open) throw new Error('template: else without if');
			const test = tokens[1] === 'if' ? whole(tokens.slice(2)) : null;
			open.branches.push({ test, body: [] });
			current = open.branches.at(-1)!.body;
		} else if (word === 'end') {
			if (!stack.pop()) throw new Error('template: end without if');
			const open = stack.at(-1);
			current = open ? open.branches.at(-1)!.body : root;
		} else if (word?.startsWith('$') && (tokens[1] === ':=' || tokens[1] === '=')) {
			current.push({ kind: 'assign', name: word, expr: whole(tokens.slice(2)) });
		} else {
			current.push({ kind: 'print', expr: whole(tokens) });
		}
	});
	if (stack.length) throw new Error('template: if without end');
	return root;
}

function evaluate(expr: Expr, dot: unknown, vars: Map<string, unknown>): unknown {
	if (expr.kind === 'literal') return expr.value;
	if (expr.kind === 'call')
		return functions[expr.name]!(...expr.args.map((arg) => evaluate(arg, dot, vars)));
	let value = expr.root === null ? dot : vars.get(expr.root);
	for (const key of expr.path)
		value =
			value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
	return value;
}

/** A value as text: scalars as Go prints them; a map or list (never printed by our templates) as JSON. */
function printed(value: unknown): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return `${value}`;
	return JSON.stringify(value) ?? '';
}

/** Renders parsed nodes with `data` as the dot; printed values escaped for HTML unless told. */
export function renderGoTemplate(
	nodes: Node[],
	data: unknown,
	escape: (text: string) => string = escapeHtml,
): string {
	const vars = new Map<string, unknown>([['$', data]]);
	const run = (list: Node[]): string =>
		list
			.map((node) => {
				if (node.kind === 'text') return node.text;
				if (node.kind === 'assign') {
					vars.set(node.name, evaluate(node.expr, data, vars));
					return '';
				}
				if (node.kind === 'print') {
					const value = evaluate(node.expr, data, vars);
					return value === undefined || value === null ? '' : escape(printed(value));
				}
				const branch = node.branches.find((b) => !b.test || truthy(evaluate(b.test, data, vars)));
				return branch ? run(branch.body) : '';
			})
			.join('');
	return run(nodes);
}

export type GoTemplate = Node[];
