import { fill } from '../../../lib/fill';

export interface ReinstallImage {
	id: string;
	name: string;
	os: 'linux' | 'windows';
	user: string;
	minRamGb: number;
}

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2.5 text-neutral-100';

/**
 * The reinstall's operating systems: the one installed now says so; one this machine's memory is
 * too small for is off, and the catalogue's minimum is said beside the list, as at checkout.
 */
export function ReinstallImagePicker(props: {
	images: ReinstallImage[];
	value: string;
	onChange: (image: string) => void;
	current: string;
	memoryGb: number;
	strings: Record<string, string>;
}) {
	const { strings: s, memoryGb } = props;
	const fits = (option: ReinstallImage) => option.minRamGb <= memoryGb;
	const tooBig = props.images.filter((option) => !fits(option));
	const label = (option: ReinstallImage) => {
		const name = option.name;
		if (!fits(option))
			return fill(s['vps.reinstall.needsRam'] ?? '', { name, gb: option.minRamGb });
		return option.id === props.current ? fill(s['vps.reinstall.current'] ?? '', { name }) : name;
	};
	return (
		<>
			<label className="flex flex-col gap-1">
				<span className="text-neutral-200">{s['vps.reinstall.image']}</span>
				<select
					className={field}
					value={props.value}
					onChange={(e) => props.onChange(e.currentTarget.value)}
					name="image"
					aria-describedby={tooBig.length ? 'reinstall-image-ram' : undefined}
				>
					{props.images.map((option) => (
						<option key={option.id} value={option.id} disabled={!fits(option)}>
							{label(option)}
						</option>
					))}
				</select>
			</label>
			{tooBig.length > 0 && (
				<div id="reinstall-image-ram" className="text-sm text-neutral-300">
					{tooBig.map((option) => (
						<p key={option.id} data-image-ram={option.id}>
							{fill(s['vps.reinstall.ramNote'] ?? '', {
								name: option.name,
								gb: option.minRamGb,
								have: memoryGb,
							})}
						</p>
					))}
				</div>
			)}
		</>
	);
}
