/** Reads a posted form into trimmed strings; passwords keep their spaces. */
export async function readForm(request: Request): Promise<(name: string, raw?: boolean) => string> {
	let data: FormData;
	try {
		data = await request.formData();
	} catch {
		data = new FormData();
	}
	return (name, raw = false) => {
		const value = data.get(name);
		if (typeof value !== 'string') return '';
		return raw ? value.slice(0, 200) : value.trim().slice(0, 320);
	};
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
