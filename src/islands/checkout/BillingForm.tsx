import { useStore } from '@nanostores/react';
import { $checkout, editBilling, type Billing } from '../../stores/checkout';
import type { CheckoutStrings } from './strings';

interface Props {
	countries: { code: string; label: string }[];
	strings: CheckoutStrings;
}

const fields: {
	key: Exclude<keyof Billing, 'country'>;
	label: keyof CheckoutStrings;
	auto: string;
}[] = [
	{ key: 'name', label: 'checkout.billing.name', auto: 'name' },
	{ key: 'address', label: 'checkout.billing.address', auto: 'street-address' },
	{ key: 'postcode', label: 'checkout.billing.postcode', auto: 'postal-code' },
	{ key: 'city', label: 'checkout.billing.city', auto: 'address-level2' },
];

/** Name and address for the invoice; the country decides the VAT rate shown beside it. */
export default function BillingForm({ countries, strings: s }: Props) {
	const { billing } = useStore($checkout);
	const input =
		'mt-1 block w-full rounded-lg border border-neutral-600 bg-neutral-800 px-3 py-2 font-normal text-white';
	return (
		<fieldset className="grid gap-4 sm:grid-cols-2" data-step="billing">
			<legend className="sr-only">{s['checkout.step.billing']}</legend>
			{fields.map(({ key, label, auto }) => (
				<label
					key={key}
					className={`text-sm font-semibold text-neutral-100 ${key === 'address' ? 'sm:col-span-2' : ''}`}
				>
					{s[label]}
					<input
						name={key}
						value={billing[key]}
						autoComplete={auto}
						required
						maxLength={key === 'postcode' ? 20 : 200}
						onChange={(event) => editBilling({ [key]: event.target.value })}
						className={input}
					/>
				</label>
			))}
			<label className="text-sm font-semibold text-neutral-100">
				{s['checkout.billing.country']}
				<select
					name="country"
					value={billing.country}
					required
					onChange={(event) => editBilling({ country: event.target.value })}
					className={input}
				>
					<option value="">{s['checkout.billing.countryNone']}</option>
					{countries.map((country) => (
						<option key={country.code} value={country.code}>
							{country.label}
						</option>
					))}
				</select>
			</label>
		</fieldset>
	);
}
