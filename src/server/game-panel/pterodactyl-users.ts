import { randomBytes } from 'node:crypto';
import { GamePanelError, GamePanelNotFoundError, GamePanelValidationError } from './errors';
import type { PanelHttp } from './pterodactyl-http';
import { nodeSchema, userListSchema, userSchema } from './pterodactyl-schemas';
import type { CreateServerInput, PanelCredentials, ServerRef } from './types';

// The customer's panel account: one per customer, owning all their servers, found by our account
// id or exact e-mail before one is made. Its password is also the SFTP password.

type Customer = CreateServerInput['customer'];

/** Lower-case, alphanumeric at both ends, `[a-z0-9_.-]` inside, as the panel requires. */
export function panelUsername(email: string, suffix: string): string {
	const local = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9_.-]/g, '');
	const base = local.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '').slice(0, 24) || 'customer';
	return `${base.replace(/[^a-z0-9]+$/, '')}_${suffix}`;
}

function isUnique(error: unknown, fields: string[]): boolean {
	return (
		error instanceof GamePanelValidationError &&
		error.issues.some((issue) => fields.includes(issue.field) && issue.rule === 'unique')
	);
}

async function findUser(http: PanelHttp, customer: Customer): Promise<number | null> {
	if (customer.accountId) {
		const path = `/users/external/${encodeURIComponent(customer.accountId)}`;
		try {
			return (await http.get('application', path, userSchema)).attributes.id;
		} catch (error) {
			if (!(error instanceof GamePanelNotFoundError)) throw error;
		}
	}
	// The filter matches partially (LIKE), so another customer's address can come back first.
	const query = new URLSearchParams({ 'filter[email]': customer.email, per_page: '100' });
	const users = await http.get('application', `/users?${query}`, userListSchema);
	const email = customer.email.toLowerCase();
	return (
		users.data.find((user) => user.attributes.email.toLowerCase() === email)?.attributes.id ?? null
	);
}

export async function ensureUser(http: PanelHttp, customer: Customer): Promise<number> {
	const found = await findUser(http, customer);
	if (found !== null) return found;
	// No password: the panel mails the customer a set-password link; resetPanelPassword sets one.
	const body = {
		email: customer.email,
		username: panelUsername(customer.email, randomBytes(3).toString('hex')),
		first_name: customer.firstName,
		last_name: customer.lastName,
		...(customer.accountId ? { external_id: customer.accountId } : {}),
	};
	try {
		const created = await http.send('application', 'POST', '/users', body);
		return http.parse(userSchema, created, '/users').attributes.id;
	} catch (error) {
		// Another order of the same customer created the account meanwhile.
		const again = isUnique(error, ['email', 'external_id']) ? await findUser(http, customer) : null;
		if (again !== null) return again;
		throw error;
	}
}

/** A new password for the server owner's account; the panel keeps no per-server password. */
export async function resetOwnerPassword(
	http: PanelHttp,
	ref: ServerRef,
	owner: { user: number; node: number },
): Promise<PanelCredentials> {
	const path = `/users/${owner.user}`;
	const { attributes: user } = await http.get('application', path, userSchema);
	// A bug that reached the operator's own account must not lock them out of the panel.
	if (user.root_admin)
		throw new GamePanelError(`Server ${ref.panelServerId} belongs to a panel administrator`);
	const password = randomBytes(18).toString('base64url');
	// Every PATCH needs the whole user (email, username, names), not just the password.
	const { id: _id, root_admin: _admin, external_id: _external, ...fields } = user;
	await http.send('application', 'PATCH', path, { ...fields, password });
	const node = await http.get('application', `/nodes/${owner.node}`, nodeSchema);
	return {
		username: user.username,
		password,
		sftp: {
			host: node.attributes.fqdn,
			port: node.attributes.daemon_sftp,
			// The panel splits SFTP user names at the last dot: account, then server.
			username: `${user.username}.${ref.identifier}`,
		},
	};
}
