// Laravel-style rule strings, as the panel validates requests, with the panel's error shapes:
// `{ errors: [{ code, status, detail, meta: { source_field, rule } }] }`, one entry per field.

export interface Answer {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

interface Issue {
	field: string;
	rule: string;
	detail: string;
}

export function panelError(status: number, code: string, detail: string): Answer {
	return { status, body: { errors: [{ code, status: String(status), detail }] } };
}

export const notFound = () =>
	panelError(
		404,
		'NotFoundHttpException',
		'The requested resource could not be found on the server.',
	);

export function lookup(body: unknown, path: string): { present: boolean; value: unknown } {
	let value: unknown = body;
	for (const key of path.split('.')) {
		if (typeof value !== 'object' || value === null || !(key in value))
			return { present: false, value: undefined };
		value = (value as Record<string, unknown>)[key];
	}
	return { present: true, value };
}

const isNumeric = (value: unknown) =>
	(typeof value === 'number' && Number.isFinite(value)) ||
	(typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

function failure(
	rule: string,
	arg: string | undefined,
	value: unknown,
	numeric: boolean,
): string | null {
	// As Laravel sizes: the number itself under a numeric rule, else a string's length.
	const size =
		numeric && isNumeric(value)
			? Number(value)
			: typeof value === 'string'
				? value.length
				: Array.isArray(value)
					? value.length
					: value;
	const [low, high] = (arg ?? '').split(',').map(Number);
	switch (rule) {
		case 'string':
			return typeof value === 'string' ? null : 'must be a string';
		case 'integer':
			return Number.isInteger(value) ? null : 'must be an integer';
		case 'numeric':
			return isNumeric(value) ? null : 'must be a number';
		case 'boolean':
			return typeof value === 'boolean' ? null : 'must be true or false';
		case 'in':
			return (arg ?? '').split(',').includes(String(value)) ? null : 'is invalid';
		case 'array':
			return typeof value === 'object' && value !== null ? null : 'must be an array';
		case 'min':
			return typeof size === 'number' && size >= low! ? null : `must be at least ${low}`;
		case 'max':
			return typeof size === 'number' && size <= low! ? null : `may not be greater than ${low}`;
		case 'between':
			return typeof size === 'number' && size >= low! && size <= high!
				? null
				: `must be between ${low} and ${high}`;
		default:
			return null;
	}
}

export class Validator {
	readonly issues: Issue[] = [];

	constructor(private readonly body: unknown) {}

	/** Checks one field against a rule string; the first failing rule is reported, as with bail. */
	check(field: string, rules: string): this {
		const { present, value } = lookup(this.body, field);
		const list = rules.split('|');
		const empty = value === null || value === undefined || value === '';
		// `sometimes`: the rules apply only to a field that was sent.
		if (list.includes('sometimes') && !present) return this;
		if (list.includes('required') && (!present || empty))
			return this.fail(field, 'required', `The ${field} field is required.`);
		if (list.includes('filled') && present && empty)
			return this.fail(field, 'filled', `The ${field} field must have a value.`);
		if (list.includes('present') && !present)
			return this.fail(field, 'present', `The ${field} field must be present.`);
		if (!present || (value === null && list.includes('nullable'))) return this;
		const numeric = list.includes('numeric') || list.includes('integer');
		for (const entry of list) {
			const [rule = '', arg] = entry.split(':');
			const problem = failure(rule, arg, value, numeric);
			if (problem) return this.fail(field, rule, `The ${field} ${problem}.`);
		}
		return this;
	}

	fail(field: string, rule: string, detail: string): this {
		this.issues.push({ field, rule, detail });
		return this;
	}

	answer(): Answer | null {
		if (this.issues.length === 0) return null;
		return {
			status: 422,
			body: {
				errors: this.issues.map((issue) => ({
					code: 'ValidationException',
					status: '422',
					detail: issue.detail,
					meta: { source_field: issue.field, rule: issue.rule },
				})),
			},
		};
	}
}
