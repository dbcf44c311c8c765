import type { ReactNode } from 'react';
import { extrasForPlan, type Currency, type ExtraId, type Plan } from '../../lib/catalogue';
import { fill } from '../../lib/fill';
import type { ConfiguratorStrings } from './strings';

interface Props {
	plan: Plan;
	chosen: readonly ExtraId[];
	currency: Currency;
	money: (minor: number) => string;
	onToggle: (id: ExtraId, on: boolean) => void;
	strings: ConfiguratorStrings;
	/** What an extra delivers on this page, said under it (the VPS page's subdomain). */
	notes?: Partial<Record<ExtraId, string>>;
	/** What an extra asks for once chosen (the subdomain's label). */
	children?: ReactNode;
}

/** The plan's extras as checkboxes with their prices in the shown currency. */
export default function ExtrasField({
	plan,
	chosen,
	currency,
	money,
	onToggle,
	strings: s,
	notes = {},
	children,
}: Props) {
	return (
		<fieldset className="mt-6">
			<legend className="text-sm font-semibold text-neutral-100">{s['configurator.extras']}</legend>
			<div className="mt-2 grid gap-2 sm:grid-cols-2">
				{extrasForPlan(plan).map((extra) => (
					<label
						key={extra.id}
						className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-neutral-600 px-4 py-3 text-sm has-checked:border-primary-300"
					>
						<span className="flex items-center gap-3">
							<input
								type="checkbox"
								name="extras"
								value={extra.id}
								checked={chosen.includes(extra.id)}
								onChange={(e) => onToggle(extra.id, e.target.checked)}
								className="accent-primary-400"
							/>
							<span className="flex flex-col">
								<span className="text-neutral-100">{s[`extra.${extra.id}`]}</span>
								{notes[extra.id] && (
									<span className="text-neutral-300" data-extra-note={extra.id}>
										{notes[extra.id]}
									</span>
								)}
							</span>
						</span>
						<span className="text-neutral-300">
							{fill(s['configurator.addOn'], { price: money(extra.prices[currency]) })}
						</span>
					</label>
				))}
			</div>
			{children}
		</fieldset>
	);
}
