/**
 * Debian's Chromium, as every browser-driving tool here launches it (Playwright's own browser
 * download is not available on these machines). The flags keep it off the network it cannot reach.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];
