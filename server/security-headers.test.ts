import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applySecurityHeaders, loadPagePolicies } from './security-headers.ts';

function headersFor(url: string, policies: Map<string, string>, https: boolean) {
	const set = new Map<string, string>();
	const res = { setHeader: (name: string, value: string) => set.set(name, value) };
	applySecurityHeaders(
		{ url } as IncomingMessage,
		res as unknown as ServerResponse,
		policies,
		https,
	);
	return set;
}

describe('security headers', () => {
	const dir = mkdtempSync(join(tmpdir(), 'headers-'));
	const file = join(dir, '_headers.json');
	writeFileSync(
		file,
		JSON.stringify([
			{
				pathname: '/',
				headers: [{ key: 'Content-Security-Policy', value: "script-src 'sha256-home'" }],
			},
			{
				pathname: '/games',
				headers: [{ key: 'Content-Security-Policy', value: "script-src 'sha256-games'" }],
			},
		]),
	);
	const policies = loadPagePolicies(pathToFileURL(file));

	it('gives each prerendered page the policy the build computed for it, by path', () => {
		expect(headersFor('/', policies, false).get('Content-Security-Policy')).toContain(
			'sha256-home',
		);
		expect(
			headersFor('/games?platform=pc', policies, false).get('Content-Security-Policy'),
		).toContain('sha256-games');
		expect(headersFor('/games/', policies, false).get('Content-Security-Policy')).toContain(
			'sha256-games',
		);
	});

	it('gives everything else a baseline that forbids framing and foreign loads', () => {
		const csp = headersFor('/api/ready', policies, false).get('Content-Security-Policy');
		expect(csp).toContain("default-src 'self'");
		expect(csp).toContain("frame-ancestors 'none'");
	});

	it('always sends nosniff, a referrer policy and no framing; HSTS only over HTTPS', () => {
		const plain = headersFor('/', policies, false);
		expect(plain.get('X-Content-Type-Options')).toBe('nosniff');
		expect(plain.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
		expect(plain.get('X-Frame-Options')).toBe('DENY');
		expect(plain.has('Strict-Transport-Security')).toBe(false);
		expect(headersFor('/', policies, true).get('Strict-Transport-Security')).toMatch(
			/^max-age=\d{8}/,
		);
	});

	it('starts without a headers file (a build with no prerendered pages)', () => {
		expect(loadPagePolicies(pathToFileURL(join(dir, 'missing.json'))).size).toBe(0);
	});
});
