import Bowser from 'bowser';

/**
 * A session's device as a customer recognises it: the browser and the system, read from the
 * User-Agent the auth service stored, without versions: enough to tell "Firefox on Windows" from
 * "Safari on iPhone", and null where it is not a browser or system the parser knows. The parser
 * (bowser) knows the browsers that also say Chrome or Safari; a headless Chrome (a script or a test
 * run signing in) is named as Chrome, marked headless, so the customer can tell it from their own.
 */
export interface Device {
	browser: string | null;
	headless: boolean;
	os: string | null;
}

/** Apple's phones and tablets by their name, as their owners know them, rather than "iOS". */
function systemOf(parsed: Bowser.Parser.ParsedResult): string | null {
	const model = parsed.platform.model;
	if (parsed.os.name === 'iOS' && (model === 'iPhone' || model === 'iPad')) return model;
	return parsed.os.name || null;
}

export function deviceOf(userAgent: string): Device {
	if (!userAgent.trim()) return { browser: null, headless: false, os: null };
	const parsed = Bowser.parse(userAgent);
	return {
		browser: parsed.browser.name || null,
		headless: /\bHeadlessChrome\//.test(userAgent),
		os: systemOf(parsed),
	};
}
