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
			// Laravel's: true, false, 1, 0, "1", "0".
			return [true, false, 1, 0, '1', '0'].includes(value as never)
				? null
				: 'must be true or false';
		case 'regex':
			return typeof value === 'string' && laravelRegex(arg ?? '').test(value)
				? null
				: 'format is invalid';
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

/** A rule's `/pattern/flags`, as PHP writes it. */
function laravelRegex(rule: string): RegExp {
	const end = rule.lastIndexOf('/');
	return new RegExp(rule.slice(1, end), rule.slice(end + 1));
}

export class Validator {
	readonly issues: Issue[] = [];

	constructor(private readonly body: unknown) {}

	/** Checks one field against a rule string; the first failing rule is reported, as with bail. */
	check(field: string, rules: string): this {
		const { present, value: sent } = lookup(this.body, field);
		// The panel's ConvertEmptyStringsToNull middleware: '' arrives as null.
		const value = sent === '' ? null : sent;
		const list = rules.split('|');
		const empty = value === null || value === undefined;
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
			const colon = entry.indexOf(':');
			const [rule, arg] =
				colon < 0 ? [entry, undefined] : [entry.slice(0, colon), entry.slice(colon + 1)];
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
