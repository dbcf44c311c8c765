import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite } from '../../../scripts/serve.ts';
import { freePorts } from '../../../scripts/two-servers/ports.ts';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { clientFor } from '../local-stack/helpers.ts';

// The staff API's door (issue 32), on the built site (dist/, so `npm run build` first) against the
// local stack, as scripts/two-servers/cluster.ts runs one: for every route under src/pages/api/staff
// (found by listing the folder, so a route added later is covered without touching this test), GET
// and POST from a signed-out visitor and from a signed-in customer answer exactly what a path that
// does not exist answers (404, the same page, the same headers), and a member of staff who signed in
// with a password only (aal1, no two-factor) is refused with 403 `two_factor_required`.

const entry = new URL('../../../dist/server/entry.mjs', import.meta.url);
const apiFolder = fileURLToPath(new URL('../../../src/pages/api/staff/', import.meta.url));

/** Each route file under src/pages/api/staff as the route pattern Astro builds from it. */
async function staffRoutes(): Promise<string[]> {
	const files = (await readdir(apiFolder, { recursive: true }))
		.map((file) => file.replaceAll('\\', '/'))
		.filter((file) => /\.(ts|js|mjs)$/.test(file) && !/\.test\.[jt]s$/.test(file));
	return files
		.map((file) =>
			`/api/staff/${file.replace(/\.(ts|js|mjs)$/, '')}`.replace(/\/index$/, '').replace(/\/$/, ''),
		)
		.toSorted();
}

/** A concrete path for a pattern: every `[param]` a random uuid, every `[...rest]` two segments. */
const concrete = (pattern: string) =>
	pattern.replace(/\[\.\.\.[^\]]+\]/g, 'a/b').replace(/\[[^\]]+\]/g, () => randomUUID());

let p: Personas;
let site: { origin: string; child: ChildProcess };
let routes: string[];
let customerToken: string;
let staffToken: string;

beforeAll(async () => {
	if (!existsSync(entry))
		throw new Error(
			'dist/server/entry.mjs is missing: run npm run build first (this test runs the built site)',
		);
	routes = await staffRoutes();
	// A build older than a route would test the guard on a path the site does not have.
	const built = readFileSync(entry, 'utf8');
	const unbuilt = routes.filter((route) => !built.includes(`"route":"${route}"`));
	if (unbuilt.length > 0)
		throw new Error(`The built site lacks ${unbuilt.join(', ')}: run npm run build first`);

	p = await startProductStack();
	const [port] = (await freePorts(1)) as [number];
	const origin = `http://127.0.0.1:${port}`;
	const { child } = await serveSite(port, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SUPABASE_SECRET_KEY: p.stack.secretKey,
		PUBLIC_SITE_URL: origin,
		STRIPE_SECRET_KEY: '',
		STRIPE_WEBHOOK_SECRET: '',
		PTERODACTYL_URL: '',
		SMTP_URL: '',
		LOG_LEVEL: 'silent',
	});
	site = { origin, child };

	customerToken = (await p.owner.auth.getSession()).data.session!.access_token;
	// Staff without two-factor sign-in: the role granted, a password session (aal1).
	const email = `staff-aal1-${randomUUID().slice(0, 8)}@frostnode.example`;
	const password = 'Staff-Door-Lantern-2026';
	const made = await p.service.auth.admin.createUser({ email, password, email_confirm: true });
	if (made.error) throw made.error;
	const granted = await p.service.rpc('grant_staff', { email });
	expect(granted.data).toBe('granted');
	const staff = clientFor(p.stack);
	const signedIn = await staff.auth.signInWithPassword({ email, password });
	if (signedIn.error) throw signedIn.error;
	staffToken = signedIn.data.session.access_token;
	expect(JSON.parse(Buffer.from(staffToken.split('.')[1]!, 'base64url').toString()).aal).toBe(
		'aal1',
	);
}, 120_000);

afterAll(async () => {
	if (site) {
		const exited = new Promise((resolve) => site.child.once('exit', resolve));
		site.child.kill('SIGTERM');
		await exited;
	}
	await p?.stack.stop();
});

interface Seen {
	status: number;
	type: string | null;
	cache: string | null;
	body: string;
}

async function ask(method: 'GET' | 'POST', path: string, bearer?: string): Promise<Seen> {
	const headers: Record<string, string> = { Accept: 'application/json' };
	if (bearer) headers.Authorization = `Bearer ${bearer}`;
	let body: string | undefined;
	if (method === 'POST') {
		// As the console's own pages send a write: same origin, JSON, a request id.
		headers.Origin = site.origin;
		headers['Content-Type'] = 'application/json';
		body = JSON.stringify({ requestId: randomUUID(), outcome: 'paid' });
	}
	const answer = await fetch(`${site.origin}${path}`, {
		method,
		headers,
		body,
		redirect: 'manual',
	});
	return {
		status: answer.status,
		type: answer.headers.get('content-type'),
		cache: answer.headers.get('cache-control'),
		// The 404 page names the path asked for; everything else must be the same bytes.
		body: (await answer.text()).replaceAll(path, '<path>'),
	};
}

const methods = ['GET', 'POST'] as const;

describe('the staff API', () => {
	it('has routes to guard (found by listing src/pages/api/staff)', () => {
		expect(routes).toContain('/api/staff/overview');
		expect(routes).toContain('/api/staff/payouts/[id]');
	});

	it('is, for a signed-out visitor, exactly a path that does not exist', async () => {
		for (const method of methods) {
			const missing = await ask(method, `/api/no-such-route-${randomUUID().slice(0, 8)}`);
			expect(missing.status, `${method} missing`).toBe(404);
			for (const route of routes) {
				const path = concrete(route);
				expect(await ask(method, path), `${method} ${route}`).toEqual(missing);
			}
		}
	});

	it('is, for a signed-in customer, exactly a path that does not exist', async () => {
		for (const method of methods) {
			const missing = await ask(
				method,
				`/api/no-such-route-${randomUUID().slice(0, 8)}`,
				customerToken,
			);
			expect(missing.status, `${method} missing`).toBe(404);
			for (const route of routes) {
				const path = concrete(route);
				expect(await ask(method, path, customerToken), `${method} ${route}`).toEqual(missing);
			}
		}
	});

	it('refuses staff without two-factor sign-in with 403 two_factor_required', async () => {
		for (const method of methods)
			for (const route of routes) {
				const seen = await ask(method, concrete(route), staffToken);
				expect(seen.status, `${method} ${route}`).toBe(403);
				expect(seen.type, `${method} ${route}`).toMatch(/^application\/json/);
				expect(JSON.parse(seen.body).error.code, `${method} ${route}`).toBe('two_factor_required');
			}
	});
});
