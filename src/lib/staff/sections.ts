import { routes } from '../routes';

/** The staff console's sections, in its navigation's order; each label is `staff.nav.<id>`. */
export const staffSections = [
	{ id: 'overview', href: routes.staff },
	{ id: 'audit', href: routes.staffAudit },
] as const;
export type StaffSection = (typeof staffSections)[number]['id'];
