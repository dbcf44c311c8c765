import { describe, expect, it } from 'vitest';
import type { RpcInput } from './rpc-body.ts';
import { chooseRoutine } from './rpc-routine.ts';
import type { Routine } from './schema-cache.ts';

// The overload choice in isolation, case by case as PostgREST's findProc (Plan.hs) comments them.

function fn(tag: string, params: [name: string, type: string, hasDefault?: boolean][]): Routine {
	return {
		name: tag,
		params: params.map(([name, type, hasDefault = false]) => ({
			name,
			type,
			hasDefault,
			variadic: false,
		})),
		resultColumns: [],
		returns: 'scalar',
		returnType: 'int',
		returnsSet: false,
		volatile: false,
	};
}

const post = (keys: string[], media: RpcInput['media'] = 'json'): RpcInput => ({
	isPost: true,
	media,
	keys,
	args: {},
	raw: '',
});
const get = (keys: string[]): RpcInput => ({ ...post(keys), isPost: false });

const none = fn('none', []);
const required = fn('required', [['a', 'integer']]);
const optional = fn('optional', [['o', 'text', true]]);
const both = fn('both', [
	['a', 'integer'],
	['o', 'text', true],
]);
const json = fn('json', [['', 'json']]);
const text = fn('text', [['', 'text']]);

describe('chooseRoutine', () => {
	it('takes a function without parameters only when no arguments are given', () => {
		expect(chooseRoutine([none, required], post([]))?.name).toBe('none');
		// "If the function has no parameters, the arguments keys must be empty as well"
		expect(chooseRoutine([none, text], post([], 'text'))?.name).toBe('text');
	});

	it('needs every required parameter named, and allows any subset of the defaulted ones', () => {
		expect(chooseRoutine([required], get(['a']))?.name).toBe('required');
		expect(chooseRoutine([required], get(['a', 'x']))).toBeUndefined();
		expect(chooseRoutine([optional], get([]))?.name).toBe('optional');
		expect(chooseRoutine([both], get(['a', 'o']))?.name).toBe('both');
		expect(chooseRoutine([both], get(['o']))).toBeUndefined();
	});

	it('falls back to the single unnamed parameter of the Content-Type, for POST only', () => {
		expect(chooseRoutine([required, json, text], post(['x']))?.name).toBe('json');
		expect(chooseRoutine([required, json, text], post([], 'text'))?.name).toBe('text');
		expect(chooseRoutine([json], get(['x']))).toBeUndefined();
		expect(chooseRoutine([json], post(['x'], 'urlencoded'))).toBeUndefined();
	});

	it('refuses to choose between two candidates at the same step', () => {
		expect(() => chooseRoutine([required, both], get(['a']))).toThrow(
			'Could not choose the best candidate function between: public.required(a => integer), public.both(a => integer, o => text)',
		);
		expect(() => chooseRoutine([json, fn('json', [['', 'jsonb']])], post(['x']))).toThrow(
			/public\.json\( => json\), public\.json\( => jsonb\)/,
		);
	});
});
