import { createRequire } from 'node:module';
import type * as PdfMakeModule from 'pdfmake';
import type { TFontFamilyTypes } from 'pdfmake/interfaces';

/**
 * pdfmake 0.3's server build (`pdfmake` → js/index.js) is one shared instance: fonts and access
 * policies are set on it once, and each `createPdf()` lays out a document with them.
 *
 * Fonts are the Roboto files pdfmake ships (`pdfmake/fonts/Roboto/*.ttf`: Latin with æøå äöüß,
 * €, the no-break space and the minus sign Intl uses), given as absolute paths that pdfkit reads
 * and subsets. Loaded through `require`, not an import: the package is CommonJS without named
 * exports, and resolving the files from the package keeps them found after the site is bundled.
 */
type PdfMake = typeof PdfMakeModule;

const require = createRequire(import.meta.url);

const robotoFiles: Required<Record<keyof TFontFamilyTypes, string>> = {
	normal: 'Roboto-Regular.ttf',
	bold: 'Roboto-Medium.ttf',
	italics: 'Roboto-Italic.ttf',
	bolditalics: 'Roboto-MediumItalic.ttf',
};

/** Absolute paths of the four Roboto styles inside the installed pdfmake package. */
export function robotoPaths(): Record<keyof TFontFamilyTypes, string> {
	const entries = Object.entries(robotoFiles).map(([style, file]) => [
		style,
		require.resolve(`pdfmake/fonts/Roboto/${file}`),
	]);
	return Object.fromEntries(entries) as Record<keyof TFontFamilyTypes, string>;
}

let configured: PdfMake | undefined;

/**
 * pdfmake with Roboto and closed doors: it may read the four font files and nothing else, and fetch
 * no URL, so text in an invoice (a customer's name, a line's description) can never make it load
 * anything.
 */
export function pdfMake(): PdfMake {
	if (configured) return configured;
	const pdfmake = require('pdfmake') as PdfMake;
	const fonts = robotoPaths();
	const allowed = new Set<string>(Object.values(fonts));
	pdfmake.setFonts({ Roboto: fonts });
	pdfmake.setUrlAccessPolicy(() => false);
	pdfmake.setLocalAccessPolicy((path) => allowed.has(path));
	configured = pdfmake;
	return pdfmake;
}
