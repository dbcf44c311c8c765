import { readPostedForm, type FormRefusal } from '../http/form-body';

/** A posted form's fields as trimmed strings (passwords keep their spaces), or why it was refused. */
export interface FormFields {
	(name: string, raw?: boolean): string;
	/** Set when the post was too large or held text no field can hold; every field is then ''. */
	refused: FormRefusal | null;
}

/** Reads a posted form through the capped reader (src/server/http/form-body.ts). */
export async function readForm(request: Request): Promise<FormFields> {
	const posted = await readPostedForm(request);
	const data = posted.ok ? posted.form : new FormData();
	const field = (name: string, raw = false) => {
		const value = data.get(name);
		if (typeof value !== 'string') return '';
		return raw ? value.slice(0, 200) : value.trim().slice(0, 320);
	};
	return Object.assign(field, { refused: posted.ok ? null : posted.refused });
}

/** A basic shape check; the auth service has the last word on what an address is. */
export function looksLikeEmail(value: string): boolean {
	return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}

/** Keeps a request from finishing faster than `ms`, so its timing tells nothing. */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
	const [result] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
	return result;
}
