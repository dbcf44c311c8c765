import type { Transaction } from '../db/database.ts';
import { factorsOf } from './factors.ts';
import { identitiesOf } from './identities.ts';
import { userJson } from './user-json.ts';
import type { UserRow } from './users.ts';

// GoTrue loads a user eagerly, with identities and factors, wherever it answers with one.

export async function userView(tx: Transaction, user: UserRow): Promise<Record<string, unknown>> {
	return userJson(user, await identitiesOf(tx, user.id), await factorsOf(tx, user.id));
}
