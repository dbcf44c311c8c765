import { describe, expect, it } from 'vitest';
import { whatIsMissing } from './postgres-preflight.ts';

const ready = {
	version: 150018,
	user: 'shop',
	database: 'frostnode',
	superuser: false,
	createRole: true,
	createSchema: true,
	missingRoles: [],
	missingExtensions: [],
	notMemberOf: [],
	createInPublic: true,
};

describe('what a PostgreSQL user lacks to prepare a database', () => {
	it('asks nothing of a user that has it all, or of a superuser', () => {
		expect(whatIsMissing(ready)).toEqual([]);
		expect(
			whatIsMissing({ ...ready, superuser: true, notMemberOf: ['anon'], createInPublic: false }),
		).toEqual([]);
	});

	it('names every missing piece at once, with the grant that fixes it', () => {
		const problems = whatIsMissing({
			...ready,
			version: 140010,
			missingRoles: ['service_role'],
			missingExtensions: ['citext'],
			notMemberOf: ['supabase_auth_admin'],
			createInPublic: false,
			createSchema: false,
		});
		expect(problems).toHaveLength(6);
		expect(problems.join('\n')).toMatch(/PostgreSQL 15 or newer.*140010/);
		expect(problems.join('\n')).toMatch(/service_role do not exist.*superuser/);
		expect(problems.join('\n')).toContain('grant supabase_auth_admin to shop');
		expect(problems.join('\n')).toContain('grant create on schema public to shop');
		expect(problems.join('\n')).toContain('grant create on database frostnode to shop');
		expect(problems.join('\n')).toContain('citext');
	});
});
