import { fill } from '../../lib/fill';
import type { Plan } from '../../lib/catalogue';
import type { ConfiguratorStrings } from './strings';

interface Props {
	plan: Plan;
	value: number;
	onChange: (ram: number) => void;
	strings: ConfiguratorStrings;
}

/** A native range input stepping only through valid sizes; the value is announced with its unit. */
export default function RamSlider({ plan, value, onChange, strings: s }: Props) {
	const label = (gb: number) => fill(s['configurator.gb'], { value: gb });
	return (
		<div className="mt-6">
			<div className="flex items-baseline justify-between">
				<label htmlFor={`ram-${plan.id}`} className="text-sm font-semibold text-neutral-100">
					{s['configurator.ram']}
				</label>
				<output htmlFor={`ram-${plan.id}`} className="text-2xl font-bold text-white">
					{label(value)}
				</output>
			</div>
			<input
				id={`ram-${plan.id}`}
				name="ram"
				type="range"
				min={plan.startingRam}
				max={plan.maxRam}
				step={plan.ramStep}
				value={value}
				aria-valuetext={label(value)}
				onChange={(e) => onChange(Number(e.target.value))}
				className="mt-3 w-full accent-primary-400"
			/>
			<div className="flex justify-between text-xs text-neutral-300" aria-hidden="true">
				<span>{label(plan.startingRam)}</span>
				<span>{label(plan.maxRam)}</span>
			</div>
		</div>
	);
}
