import type { UiKey } from '../../i18n';
import { allTextStorable } from '../../lib/security/text';
import { readCappedBody } from './body';

/**
 * A posted form (urlencoded or multipart), read through the capped reader and parsed only once it
 * is known to be small. Text no field can hold (src/lib/security/text.ts) refuses the whole post,
 * as it does for JSON bodies: one check for every form field of the site.
 */

/** Forms are a few fields of text; this is generous and still bounds what a sender can make us read. */
export const maxFormBytes = 32 * 1024;

export interface FormRefusal {
	status: 400 | 413;
	message: UiKey;
}

export type PostedForm = { ok: true; form: FormData } | { ok: false; refused: FormRefusal };

const unreadable: PostedForm = {
	ok: false,
	refused: { status: 400, message: 'api.error.badRequest' },
};

export async function readPostedForm(
	request: Request,
	maxBytes = maxFormBytes,
): Promise<PostedForm> {
	const read = await readCappedBody(request, maxBytes);
	if (!read.ok)
		return read.problem === 'too_large'
			? { ok: false, refused: { status: 413, message: 'api.error.tooLarge' } }
			: unreadable;
	let form: FormData;
	try {
		const type = request.headers.get('content-type') ?? '';
		form = await new Response(read.bytes, { headers: { 'Content-Type': type } }).formData();
	} catch {
		// Not a form at all (no or another content type): no fields, which the page then asks for.
		form = new FormData();
	}
	const texts = [...form].flatMap(([name, value]) =>
		typeof value === 'string' ? [name, value] : [name],
	);
	if (!allTextStorable(texts))
		return { ok: false, refused: { status: 400, message: 'api.error.invalidText' } };
	return { ok: true, form };
}
