import { describe, expect, it } from 'vitest';
import {
	countsInWords,
	maintenanceUrl,
	mayRecreate,
	parseFacts,
	parseTexts,
	stackSchemas,
	whyNotRecreated,
	type ResetFacts,
} from './reset-plan.ts';

const owner: ResetFacts = {
	database: 'frostnode',
	user: 'shop',
	owner: 'shop',
	superuser: false,
	createDb: true,
};

describe('dropping the whole database', () => {
	it('is for a superuser, or its owner who may create databases', () => {
		expect(mayRecreate(owner)).toBe(true);
		expect(mayRecreate({ ...owner, owner: 'admin', superuser: true })).toBe(true);
		expect(mayRecreate({ ...owner, createDb: false })).toBe(false);
		expect(mayRecreate({ ...owner, owner: 'admin' })).toBe(false);
	});

	it('never drops the maintenance database or a template, superuser or not', () => {
		for (const database of ['postgres', 'template0', 'template1'])
			expect(mayRecreate({ ...owner, database, superuser: true })).toBe(false);
	});

	it('says why not', () => {
		expect(whyNotRecreated({ ...owner, createDb: false })).toBe(
			'shop may not create databases (CREATEDB)',
		);
		expect(whyNotRecreated({ ...owner, owner: 'admin' })).toBe('shop does not own frostnode');
		expect(whyNotRecreated({ ...owner, database: 'postgres' })).toBe(
			'postgres is one of the databases a cluster keeps',
		);
	});

	it('happens from the maintenance database, as the same user on the same server', () => {
		expect(
			maintenanceUrl('postgres://shop:s%40cret@db.example:6543/frostnode?sslmode=require'),
		).toBe('postgres://shop:s%40cret@db.example:6543/postgres?sslmode=require');
	});
});

describe('dropping what the stack made instead', () => {
	it('drops the schemas of the user and the stack’s roles, never public, the server’s or another’s', () => {
		const schemas = [
			['public', 'pg_database_owner'],
			['pg_catalog', 'postgres'],
			['pg_temp_3', 'shop'],
			['information_schema', 'shop'],
			['supabase_migrations', 'shop'],
			['auth', 'supabase_admin'],
			['extensions', 'shop'],
			['private', 'shop'],
			['reporting', 'analyst'],
		].map(([name = '', owner = '']) => ({ name, owner }));
		expect(stackSchemas(schemas, 'shop')).toEqual([
			'auth',
			'extensions',
			'private',
			'supabase_migrations',
		]);
	});

	it('counts what it emptied public of in words', () => {
		expect(countsInWords({ table: 34, function: 99, view: 1, domain: 0 })).toBe(
			'99 functions, 34 tables, 1 view',
		);
		expect(countsInWords({})).toBe('');
	});
});

describe('what the server answers', () => {
	it('is read as facts, or refused', () => {
		const row = {
			database: 'frostnode',
			user: 'shop',
			owner: 'shop',
			superuser: false,
			createDb: true,
		};
		expect(parseFacts(row)).toEqual(owner);
		expect(() => parseFacts(undefined)).toThrow(/which database/);
		expect(() => parseFacts({ ...row, superuser: 'f' })).toThrow(/what shop may do/);
		expect(parseTexts(['a', 'b'])).toEqual(['a', 'b']);
		expect(() => parseTexts('{a,b}')).toThrow();
		expect(() => parseTexts([1])).toThrow();
	});
});
