import { describe, expect, it } from 'vitest';
import { carryingNext, safeReturnPath, staysOnSite } from './return-to';

describe('safeReturnPath', () => {
	it.each([
		['/panel/billing', '/panel/billing'],
		[
			'/da/panel/game-servers/servers/42?tab=settings',
			'/da/panel/game-servers/servers/42?tab=settings',
		],
		['/checkout#payment', '/checkout#payment'],
		['%2Fpanel%2Fbilling', '/panel/billing'],
	])('keeps the same-site path %s', (raw, expected) => expect(safeReturnPath(raw)).toBe(expected));

	it.each([
		'//evil.example',
		'//evil.example/panel',
		'/\\evil.example',
		'\\\\evil.example',
		'https://evil.example/panel',
		'http:evil.example',
		'javascript:alert(1)',
		'JaVaScRiPt:alert(1)',
		'%2F%2Fevil.example',
		'%252F%252Fevil.example',
		'/%2F/evil.example',
		'/%5Cevil.example',
		'/%09/evil.example',
		'/\t/evil.example',
		'panel',
		'',
		'%E0%A4%A',
		'/.//evil.example/phish',
		'/./\\evil.example',
		'/a/..//evil.example',
		'/%2E//evil.example',
		'/.%2F/evil.example',
	])('rejects %s', (raw) => expect(safeReturnPath(raw)).toBe('/panel'));

	it.each(['//evil.example/', '///evil.example/', '/\\evil.example/', 'x'])(
		'staysOnSite refuses %s',
		(path) => expect(staysOnSite(path)).toBe(false),
	);

	it('staysOnSite accepts plain paths', () => {
		expect(staysOnSite('/da/games?x=1')).toBe(true);
		expect(staysOnSite('/')).toBe(true);
	});

	it('uses the given fallback', () => {
		expect(safeReturnPath('//x', '/da/panel')).toBe('/da/panel');
		expect(safeReturnPath(null, '/de/panel')).toBe('/de/panel');
	});
});

describe('carryingNext', () => {
	it('carries a same-site return address on to the other sign-in page', () =>
		expect(carryingNext('/no/register', '/no/checkout')).toBe(
			'/no/register?next=%2Fno%2Fcheckout',
		));

	it('keeps the query of the return address inside the one parameter', () =>
		expect(carryingNext('/register', '/checkout?step=billing&x=1')).toBe(
			'/register?next=%2Fcheckout%3Fstep%3Dbilling%26x%3D1',
		));

	it.each([null, '', '//evil.example', 'https://evil.example/checkout', '/%2F/evil.example'])(
		'drops a missing or off-site return address %s',
		(next) => expect(carryingNext('/register', next)).toBe('/register'),
	);
});
