import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseFilterKey, parseOpExpr } from './parse-filter.ts';
import { parseLogicParam } from './parse-logic.ts';
import { parseOrder } from './parse-order.ts';
import { parseSelect } from './parse-select.ts';
import { parseQueryParams, splitQuery } from './query-params.ts';

// The query-string grammar in isolation, with PostgREST's own examples.

function parseFailure(run: () => unknown): RestError {
	try {
		run();
	} catch (error) {
		if (error instanceof RestError) return error;
		throw error;
	}
	throw new Error('expected a parse error');
}

describe('select', () => {
	it('parses columns, aliases, casts, JSON paths, embeds with hints and spreads', () => {
		expect(parseSelect('id,label:name,price::text,data->a->>b,  other')).toEqual([
			{ kind: 'column', field: { name: 'id', jsonPath: [] } },
			{ kind: 'column', field: { name: 'name', jsonPath: [] }, alias: 'label' },
			{ kind: 'column', field: { name: 'price', jsonPath: [] }, cast: 'text' },
			{
				kind: 'column',
				field: {
					name: 'data',
					jsonPath: [
						{ arrow: '->', key: 'a', index: false },
						{ arrow: '->>', key: 'b', index: false },
					],
				},
			},
			{ kind: 'column', field: { name: 'other', jsonPath: [] } },
		]);
		expect(parseSelect('*,owner:users!fk_owner!inner(*,nested()),...game(slug)')).toEqual([
			{ kind: 'star' },
			{
				kind: 'embed',
				relation: 'users',
				alias: 'owner',
				hint: 'fk_owner',
				joinType: 'inner',
				spread: false,
				children: [
					{ kind: 'star' },
					{ kind: 'embed', relation: 'nested', alias: undefined, spread: false, children: [] },
				],
			},
			{
				kind: 'embed',
				relation: 'game',
				spread: true,
				children: [{ kind: 'column', field: { name: 'slug', jsonPath: [] } }],
			},
		]);
	});

	it('reports errors as PGRST100 with PostgREST wording', () => {
		const error = parseFailure(() => parseSelect('id,name!hint'));
		expect(error.code).toBe('PGRST100');
		expect(error.message).toMatch(
			/^"failed to parse select parameter \(id,name!hint\)" \(line 1, column \d+\)$/,
		);
	});

	it('reads aggregates as PostgREST does: count() and field[::cast].fn()[::cast]', () => {
		expect(parseSelect('count(),n:count()::int,id.sum(),t:price::numeric.avg()::text')).toEqual([
			{ kind: 'column', field: { name: '*', jsonPath: [] }, aggregate: 'count' },
			{ kind: 'column', field: { name: '*', jsonPath: [] }, alias: 'n', aggregate: 'count' },
			{ kind: 'column', field: { name: 'id', jsonPath: [] }, aggregate: 'sum' },
			{
				kind: 'column',
				field: { name: 'price', jsonPath: [] },
				alias: 't',
				cast: 'numeric',
				aggregate: 'avg',
			},
		]);
		// pRelationSelect's guard: nothing named count is a relation, so count(id) does not parse.
		expect(parseFailure(() => parseSelect('count(id)')).code).toBe('PGRST100');
		expect(parseSelect('count')).toEqual([
			{ kind: 'column', field: { name: 'count', jsonPath: [] } },
		]);
	});
});

describe('filters', () => {
	it('takes everything after the operator as the value at top level', () => {
		expect(parseOpExpr('eq.a.b,c')).toEqual({
			negated: false,
			operation: { kind: 'simple', op: 'eq', value: 'a.b,c' },
		});
		expect(parseOpExpr('not.in.(1,"two, three",four)')).toEqual({
			negated: true,
			operation: { kind: 'in', values: ['1', 'two, three', 'four'] },
		});
		expect(parseOpExpr('is.NULL')).toEqual({
			negated: false,
			operation: { kind: 'is', value: 'null' },
		});
		expect(parseOpExpr('like(any).{a*,b*}')).toEqual({
			negated: false,
			operation: { kind: 'simple', op: 'like', value: '{a*,b*}', quantifier: 'any' },
		});
		expect(parseOpExpr('wfts(english).cat dog')).toEqual({
			negated: false,
			operation: { kind: 'fts', op: 'wfts', config: 'english', value: 'cat dog' },
		});
	});

	it('splits embed paths from fields in filter keys', () => {
		expect(parseFilterKey('plans.game.name')).toEqual({
			path: ['plans', 'game'],
			field: { name: 'name', jsonPath: [] },
		});
		expect(parseFilterKey('data->>color')).toEqual({
			path: [],
			field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'color', index: false }] },
		});
	});

	it('parses nested logic trees with quoted values and arrays', () => {
		const { path, tree } = parseLogicParam(
			'plans.not.or',
			'(a.eq.1,and(b.gt.2,c.cs.{x,y}),d.eq."e,f")',
		);
		expect(path).toEqual(['plans']);
		expect(tree).toMatchObject({
			kind: 'expr',
			negated: true,
			op: 'or',
			children: [
				{
					kind: 'filter',
					filter: { field: { name: 'a' }, expr: { operation: { op: 'eq', value: '1' } } },
				},
				{
					kind: 'expr',
					op: 'and',
					children: [
						{ kind: 'filter' },
						{ kind: 'filter', filter: { expr: { operation: { op: 'cs', value: '{x,y}' } } } },
					],
				},
				{ kind: 'filter', filter: { expr: { operation: { value: 'e,f' } } } },
			],
		});
	});

	it('rejects unknown operators and unbalanced trees', () => {
		expect(parseFailure(() => parseOpExpr('not.nope.1')).details).toBe(
			'unknown single value operator nope',
		);
		expect(parseFailure(() => parseLogicParam('or', '(a.eq.1')).code).toBe('PGRST100');
		expect(parseFailure(() => parseOpExpr('in.1,2')).code).toBe('PGRST100');
	});
});

describe('order and the whole query string', () => {
	it('parses directions, nulls and related terms', () => {
		expect(parseOrder('name.desc.nullslast,games(slug),id')).toEqual([
			{ field: { name: 'name', jsonPath: [] }, direction: 'desc', nulls: 'nullslast' },
			{ relation: 'games', field: { name: 'slug', jsonPath: [] } },
			{ field: { name: 'id', jsonPath: [] } },
		]);
		expect(parseFailure(() => parseOrder('id.ac')).code).toBe('PGRST100');
	});

	it('sorts parameters into filters, logic, order, ranges and arguments, decoding + as space', () => {
		expect(splitQuery('a=1&flag&b=x+y&c=%2C')).toEqual([
			['a', '1'],
			['b', 'x y'],
			['c', ','],
		]);
		const params = parseQueryParams(
			'select=id&id=gt.1&plans.limit=2&limit=5&offset=10&order=id.desc&or=(a.eq.1,b.eq.2)&arg=value',
		);
		expect(params.filters).toHaveLength(1);
		expect(params.logic).toHaveLength(1);
		expect(params.order[0]?.terms[0]?.direction).toBe('desc');
		expect(params.ranges.get('')).toEqual({ offset: 10, limit: 5 });
		expect(params.ranges.get('plans')).toEqual({ offset: 0, limit: 2 });
		expect(params.args).toEqual([['arg', 'value']]);
	});
});
