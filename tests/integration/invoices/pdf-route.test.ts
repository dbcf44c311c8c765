import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, ids, other, startProductStack, type Personas } from '../data-model/personas.ts';
import type * as RouteModule from '../../../src/pages/api/invoices/[id]/pdf.ts';

// GET /api/invoices/{id}/pdf against the local stack with the demo seed: the owner gets a PDF of
// the overdue NOK invoice (with its untaxed late fee line), everyone else the same 404.

let p: Personas;
let GET: typeof RouteModule.GET;
let token: string;
let foreignId: string;
let number: string;

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	});
	({ GET } = await import('../../../src/pages/api/invoices/[id]/pdf.ts'));
	token = (await p.owner.auth.getSession()).data.session!.access_token;
	const { data: foreign } = await p.service
		.from('invoices')
		.select('id')
		.eq('user_id', other.id)
		.limit(1)
		.single();
	foreignId = foreign!.id as string;
	const { data: own } = await p.service
		.from('invoices')
		.select('number, user_id')
		.eq('id', ids.overdueInvoice)
		.single();
	expect(own!.user_id).toBe(demo.id);
	number = own!.number as string;
}, 60_000);

afterAll(async () => {
	await p.stack.stop();
});

function call(id: string, query = '', bearer: string | null = token): Promise<Response> {
	const url = new URL(`http://127.0.0.1:4321/api/invoices/${id}/pdf${query}`);
	const headers: Record<string, string> = bearer ? { Authorization: `Bearer ${bearer}` } : {};
	const request = new Request(url, { headers });
	const cookies = { get: () => undefined };
	return GET({
		request,
		url,
		params: { id },
		locals: {},
		cookies,
	} as unknown as APIContext) as Promise<Response>;
}

/** The document language pdfkit writes uncompressed into the catalog, e.g. `nb`. */
const lang = (pdf: string) => /\/Lang \(([^)]*)\)/.exec(pdf)?.[1];

describe('GET /api/invoices/{id}/pdf', () => {
	it('answers 401 without a session', async () => {
		const response = await call(ids.overdueInvoice, '', null);
		expect(response.status).toBe(401);
		expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
			'unauthenticated',
		);
	});

	it('answers the same 404 for a foreign, an unknown and a malformed id', async () => {
		const answers = await Promise.all(
			[foreignId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'].map(async (id) => {
				const response = await call(id);
				return { status: response.status, body: await response.text() };
			}),
		);
		expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
		expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
	});

	it('sends the owner a private PDF in the preferred language', async () => {
		const response = await call(ids.overdueInvoice);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/pdf');
		expect(response.headers.get('content-disposition')).toBe(`inline; filename="${number}.pdf"`);
		expect(response.headers.get('cache-control')).toBe('private, no-store');
		const pdf = Buffer.from(await response.arrayBuffer()).toString('latin1');
		expect(pdf.startsWith('%PDF-')).toBe(true);
		expect(lang(pdf)).toBe('nb');
		expect(pdf).toContain(number);
	});

	it('follows ?locale= and ?download=1', async () => {
		const response = await call(ids.overdueInvoice, '?locale=de&download=1');
		expect(response.headers.get('content-disposition')).toBe(
			`attachment; filename="${number}.pdf"`,
		);
		expect(lang(Buffer.from(await response.arrayBuffer()).toString('latin1'))).toBe('de');
		const unknown = await call(ids.overdueInvoice, '?locale=fr');
		expect(lang(Buffer.from(await unknown.arrayBuffer()).toString('latin1'))).toBe('nb');
	});
});
