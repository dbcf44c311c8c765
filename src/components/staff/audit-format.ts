import { isSingularKey, locales, useTranslations, type Locale } from '~/i18n';
import { formatDate } from '~/lib/format-date';
import { formatMoney } from '~/lib/format-money';
import type { AuditChange, AuditValue } from '~/lib/staff/audit-changes';

/**
 * The audit log's changes (src/lib/staff/audit-changes.ts) in the staff member's language: each
 * field by its name (a nested one as "Credit note · Total") and each value as the console writes
 * it elsewhere. A field or code without a label shows as stored, so nothing recorded is hidden.
 */
export function auditFormat(locale: Locale) {
	const t = useTranslations(locale);
	const intl = locales[locale].intl;
	const percent = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 2 });
	const number = new Intl.NumberFormat(intl);
	const labelled = (key: string, fallback: string) => (isSingularKey(key) ? t(key) : fallback);
	const value = (v: AuditValue): string => {
		switch (v.kind) {
			case 'none':
				return '–';
			case 'money':
				return formatMoney(v.minor, v.currency, intl);
			case 'date':
				return formatDate(v.iso, intl) || v.iso;
			case 'label':
				return labelled(v.key, v.value);
			case 'yesNo':
				return t(v.yes ? 'staff.audit.yes' : 'staff.audit.no');
			case 'percent':
				return percent.format(v.value / 100);
			case 'number':
				return number.format(v.value);
			case 'text':
				return v.text;
		}
	};
	return {
		field: (change: AuditChange) =>
			change.path.map((part) => labelled(`staff.audit.field.${part}`, part)).join(' · '),
		value,
	};
}
