import { RestError } from './errors.ts';

// Accept negotiation for the media types this stack produces: JSON arrays, the singular object
// (application/vnd.pgrst.object+json, which turns anything but exactly one row into 406 PGRST116),
// and the nulls=stripped variants. Anything else is 406 PGRST107, as PostgREST answers types it
// cannot produce.

export interface MediaChoice {
	singular: boolean;
	stripNulls: boolean;
}

function parseAccept(
	header: string,
): { type: string; params: Record<string, string>; q: number }[] {
	return header
		.split(',')
		.map((entry) => {
			const [type = '', ...rawParams] = entry.split(';').map((part) => part.trim());
			const params: Record<string, string> = {};
			for (const param of rawParams) {
				const [name = '', value = ''] = param.split('=').map((part) => part.trim());
				params[name.toLowerCase()] = value;
			}
			const q = params.q === undefined ? 1 : Number(params.q);
			return { type: type.toLowerCase(), params, q: Number.isNaN(q) ? 1 : q };
		})
		.filter((entry) => entry.type !== '' && entry.q > 0)
		.sort((a, b) => b.q - a.q);
}

export function chooseMedia(acceptHeader: string | undefined): MediaChoice {
	if (!acceptHeader || acceptHeader.trim() === '') return { singular: false, stripNulls: false };
	for (const entry of parseAccept(acceptHeader)) {
		const stripNulls = entry.params.nulls === 'stripped';
		switch (entry.type) {
			case 'application/json':
			case 'application/*':
			case '*/*':
			case 'application/vnd.pgrst.array+json':
				return {
					singular: false,
					stripNulls: entry.type === 'application/vnd.pgrst.array+json' && stripNulls,
				};
			case 'application/vnd.pgrst.object+json':
			case 'application/vnd.pgrst.object':
				return { singular: true, stripNulls };
		}
	}
	throw new RestError(
		406,
		'PGRST107',
		`None of these media types are available: ${parseAccept(acceptHeader)
			.map((e) => e.type)
			.join(', ')}`,
	);
}
