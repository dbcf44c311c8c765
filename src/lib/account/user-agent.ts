/**
 * A session's device as a customer recognises it: the browser and the system, read from the
 * User-Agent the auth service stored. Deliberately simple (a handful of families, no versions):
 * enough to tell "Firefox on Windows" from "Safari on iPhone", and null where it is not one of them.
 */
export interface Device {
	browser: string | null;
	os: string | null;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, iPhones also say Mac OS X.
const BROWSERS: [RegExp, string][] = [
	[/\bEdg(e|A|iOS)?\//, 'Edge'],
	[/\bOPR\/|\bOpera\b/, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\bFirefox\/|\bFxiOS\//, 'Firefox'],
	[/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
	[/\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
	[/\biPhone\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], agent: string) =>
	table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

export function deviceOf(userAgent: string): Device {
	return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
