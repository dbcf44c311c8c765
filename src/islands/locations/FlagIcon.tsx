import type { FlagShape } from '../../lib/locations/flags';

/**
 * A location's flag beside its name in an island: decorative (the country is named in the text
 * next to it), drawn from the shape the page passed, so no emoji font is needed. Null draws none.
 */
export default function FlagIcon({ shape }: { shape: FlagShape | null }) {
	if (!shape) return null;
	const [width, height] = shape.size;
	return (
		<svg
			aria-hidden="true"
			viewBox={`0 0 ${width} ${height}`}
			className="inline-block h-[0.9em] w-auto shrink-0 rounded-[2px] align-[-0.1em] ring-1 ring-white/15"
		>
			{shape.rects.map(([x, y, w, h, fill], index) => (
				<rect key={index} x={x} y={y} width={w} height={h} fill={fill} />
			))}
		</svg>
	);
}
