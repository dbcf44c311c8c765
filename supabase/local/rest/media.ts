import { RestError } from './errors.ts';

// Accept negotiation for the media types this stack produces (MediaType.hs decodeMediaType): JSON
// arrays, the singular object (application/vnd.pgrst.object+json, which turns anything but exactly
// one row into 406 PGRST116), their nulls=stripped variants, and CSV. Anything else is 406 PGRST107,
// as PostgREST answers types it has no handler for.

export interface MediaChoice {
	singular: boolean;
	stripNulls: boolean;
	/** text/csv: PostgREST's CSV body (a header line, then one line per row). */
	csv: boolean;
}

/** The Content-Type PostgREST answers with for the negotiated media type (toContentType). */
export function contentTypeOf(media: MediaChoice): string {
	const strip = media.stripNulls ? ';nulls=stripped' : '';
	if (media.csv) return 'text/csv; charset=utf-8';
	if (media.singular) return `application/vnd.pgrst.object+json${strip}; charset=utf-8`;
	return media.stripNulls
		? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
		: 'application/json; charset=utf-8';
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
	const json = { singular: false, stripNulls: false, csv: false };
	if (!acceptHeader || acceptHeader.trim() === '') return json;
	for (const entry of parseAccept(acceptHeader)) {
		const stripNulls = entry.params.nulls === 'stripped';
		switch (entry.type) {
			case 'application/json':
			case '*/*':
				return json;
			case 'application/vnd.pgrst.array+json':
			case 'application/vnd.pgrst.array':
				return { ...json, stripNulls };
			case 'application/vnd.pgrst.object+json':
			case 'application/vnd.pgrst.object':
				return { ...json, singular: true, stripNulls };
			case 'text/csv':
				return { ...json, csv: true };
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
