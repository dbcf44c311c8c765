import { useStore } from '@nanostores/react';
import type { LocationId } from '../../lib/domain/location';
import type { LocationPart } from '../../stores/configurator-location';
import OptionGroup from './OptionGroup';
import type { ConfiguratorStrings } from './strings';

interface Props {
	part: LocationPart;
	value: LocationId | undefined;
	strings: ConfiguratorStrings;
}

/**
 * Where the server runs: each location the page's product is sold in, with its flag, city and
 * country; one without room for the size chosen now says "full" and cannot be chosen (the store
 * moves the choice off it).
 */
export default function LocationField({ part, value, strings: s }: Props) {
	const full = useStore(part.$full);
	return (
		<OptionGroup
			legend={s['configurator.location']}
			name="location"
			value={value}
			options={part.options.map((option) => ({
				value: option.id,
				label: (
					<>
						<img src={option.flag} alt="" className="mr-1 inline h-3" />
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
