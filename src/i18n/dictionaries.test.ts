import { describe, expect, it } from 'vitest';
import { dictionaries } from './index';
import { localeCodes } from './locales';

/** Strings that are the same in every language (names, units, universal terms). */
const sameEverywhere = [
	'nav.minecraft',
	'nav.vps',
	'games.filter.pc',
	'stats.vpsValue',
	'footer.copyright',
	'configurator.gb',
	'configurator.nvme',
	'tier.premium',
	'tier.standard',
	'help.topic.vps',
	// Brand names of payment methods.
	'checkout.method.paypal',
	'checkout.method.mobilepay',
	// Invoice lines made only of placeholders, units and punctuation.
	'invoice.line.plan',
	'invoice.line.renewal',
	// Protocol names.
	'order.vps.ipv4',
	'order.vps.ipv6',
	// An example host name.
	'vps.rdns.placeholder',
	'vps.page.graphs.cpu',
	'gameConsole.cpu',
	// The SFTP box's Port.
	'gameFiles.sftp.port',
	// The product's name, in the panel's navigation.
	'panel.nav.vps',
	'panel.dashboard.quick.vps',
	// Minecraft's server software and mod loaders are names; a version is a number.
	'minecraft.software.vanilla',
	'minecraft.software.paper',
	'minecraft.software.fabric',
	'minecraft.software.forge',
	'minecraft.software.neoforge',
	'minecraft.loader.forge',
	'minecraft.loader.neoforge',
	'minecraft.loader.fabric',
	'minecraft.loader.quilt',
	'modpacks.running.software',
	'modpacks.versions.minecraft',
	// The audit log's field names that are the same word everywhere.
	'staff.audit.field.status',
	'staff.audit.field.id',
	// Cities whose name is the same in every language.
	'location.oslo',
	'location.stockholm',
];

/** Words a language shares with English (shop words that are simply the same). */
const sameAsEnglish: Record<string, string[]> = {
	no: ['panel.nav.support', 'gameConsole.send', 'gameConsole.disk', 'location.frankfurt'],
	da: [
		'location.frankfurt',
		'location.helsinki',
		'tier.budget',
		'cart.subtotal',
		'panel.nav.support',
		'gameConsole.send',
		'gameConsole.disk',
		// Danish gamers say backup, download and upload.
		'gameBackups.download',
		'gameFiles.download',
		'gameFiles.upload',
		// Danish players say modpack, software and downloads.
		'gameServer.tab.modpacks',
		'modpacks.search.title',
		'modpacks.running.modpack',
		'modpacks.software.label',
		'modpacks.search.downloads',
	],
	de: [
		'location.helsinki',
		'tier.budget',
		// German gamers say Backups.
		'gameServer.tab.backups',
		'gameBackups.title',
		// And Modpacks and Software.
		'gameServer.tab.modpacks',
		'modpacks.search.title',
		'modpacks.software.label',
		'configurator.extras',
		'panel.title',
		'panel.nav.dashboard',
		'panel.nav.support',
		'order.vps.hostname',
		'mail.vpsReady.hostname',
		'vps.rdns.title',
		'vps.page.facts.hostname',
		'staff.nav.tickets',
		'order.vps.name',
		'mail.vpsReady.name',
		'vps.subdomain.name',
		// German says "headless" for a browser without a window, as English does.
		'sessions.headless',
	],
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(localeCodes.filter((locale) => locale !== 'en'))('the %s dictionary', (locale) => {
	const dictionary = dictionaries[locale];
	const allowed = new Set([...sameEverywhere, ...(sameAsEnglish[locale] ?? [])]);

	it('translates every string that differs between languages', () => {
		const untranslated = Object.entries(dictionaries.en)
			.filter(([key, english]) => !allowed.has(key) && dictionary[key] === english)
			.map(([key]) => key);
		expect(untranslated).toEqual([]);
	});

	it('keeps the placeholders of every English string', () => {
		const mismatched = Object.entries(dictionaries.en)
			.filter(
				([key, english]) =>
					placeholders(english).join() !== placeholders(dictionary[key] ?? '').join(),
			)
			.map(([key]) => key);
		expect(mismatched).toEqual([]);
	});
});

describe('the German dictionary', () => {
	it('says du throughout, never the formal Sie', () => {
		// "Sie" opening a sentence (after . : ! ?) is "it" or "they"; anywhere else it is "you".
		const formal = /\b(Ihnen|Ihr(e|em|en|er|es)?)\b|(?<![.:!?]\s)\bSie\b/;
		const formalStrings = Object.entries(dictionaries.de)
			.filter(([, text]) => formal.test(text.replace(/^Sie\b/, '')))
			.map(([key]) => key);
		expect(formalStrings).toEqual([]);
	});
});
