import { policy } from '../../lib/policy';
import type { Seller } from './types';

/**
 * The seller printed on every invoice, from the environment, falling back to the company the legal
 * pages name (src/lib/policy.ts), so the demo's invoices and terms agree without configuration.
 *
 * | variable            | default                                   |
 * | ------------------- | ----------------------------------------- |
 * | `SELLER_NAME`       | Frostnode AS                              |
 * | `SELLER_ADDRESS`    | Storgata 1\n0155 Oslo (`\n` = new line)  |
 * | `SELLER_COUNTRY`    | NO (ISO 3166-1 code; named in the reader's language) |
 * | `SELLER_VAT_NUMBER` | NO 930 000 000 MVA                        |
 * | `SELLER_EMAIL`      | support@frostnode.example                 |
 */
const defaults: Seller = {
	name: policy.company.name,
	address: policy.company.address.split(', '),
	country: policy.company.country,
	vatNumber: `NO ${policy.company.orgNumber} MVA`,
	email: policy.company.email,
};

/** Address lines from one variable: real new lines or the two characters `\n` separate them. */
export function addressLines(raw: string): string[] {
	return raw
		.split(/\r?\n|\\n/)
		.map((line) => line.trim())
		.filter((line) => line !== '');
}

export function sellerDetails(env: Record<string, string | undefined> = process.env): Seller {
	const value = (name: string) => env[name]?.trim() || undefined;
	const address = addressLines(value('SELLER_ADDRESS') ?? '');
	return {
		name: value('SELLER_NAME') ?? defaults.name,
		address: address.length ? address : defaults.address,
		country: value('SELLER_COUNTRY')?.toUpperCase() ?? defaults.country,
		vatNumber: value('SELLER_VAT_NUMBER') ?? defaults.vatNumber,
		email: value('SELLER_EMAIL') ?? defaults.email,
	};
}
