import { useStore } from '@nanostores/react';
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
 * country; one without room for the size chosen now says "full" and cannot be chosen (the store
 * moves the choice off it).
 */
export default function LocationField({ part, options, value, strings: s }: Props) {
	const full = useStore(part.$full);
	return (
		<OptionGroup
			legend={s['configurator.location']}
			name="location"
			value={value}
			options={options.map((option) => ({
				value: option.id,
				label: (
					<>
						<img
							src={option.flag}
							alt=""
							className="mr-1 inline h-[0.9em] w-auto align-[-0.05em]"
						/>
						{option.city}, {option.countryName}
					</>
				),
				hint: full[option.id] && s['configurator.location.full'],
				disabled: full[option.id],
			}))}
			onChange={part.choose}
		/>
	);
}
