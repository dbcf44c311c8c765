import { useStore } from '@nanostores/react';
import { fill } from '../../lib/fill';
import type { LocationId } from '../../lib/domain/location';
import type { LocationOption } from '../../lib/locations/option';
import type { LocationPart } from '../../stores/configurator-location';
import OptionGroup from './OptionGroup';
import type { ConfiguratorStrings } from './strings';

interface Props {
	part: LocationPart;
	options: readonly LocationOption[];
	value: LocationId | undefined;
	strings: ConfiguratorStrings;
}

/**
 * Where the server runs: each location the page's product is sold in, with its flag, city and
 * country; one without room for the size chosen now says "full" and cannot be chosen.
 */
export default function LocationField({ part, options, value, strings: s }: Props) {
	const full = useStore(part.$full);
	const chosenFull = useStore(part.$chosenFull);
	const chosen = options.find((option) => option.id === value);
	return (
		<div data-location-field>
			<OptionGroup
				legend={s['configurator.location']}
				name="location"
				value={value ?? null}
				options={options.map((option) => ({
					value: option.id,
					label: (
						<span data-location={option.id}>
							<span aria-hidden="true">{option.flag}</span> {option.city},{' '}
							<span className="text-neutral-300">{option.countryName}</span>
						</span>
					),
					hint: full[option.id] ? s['configurator.location.full'] : undefined,
					disabled: Boolean(full[option.id]) && option.id !== value,
				}))}
				onChange={part.choose}
			/>
			{chosenFull && chosen && (
				<p className="mt-2 text-sm text-red-300" role="alert" data-location-full>
					{fill(s['configurator.location.chosenFull'], { city: chosen.city })}
				</p>
			)}
		</div>
	);
}
