import { routes } from '../routes';

/** The staff console's sections, in its navigation's order; each label is `staff.nav.<id>`. */
export const staffSections = [
	{ id: 'overview', href: routes.staff },
	{ id: 'tickets', href: routes.staffTickets },
	{ id: 'customers', href: routes.staffCustomers },
	{ id: 'services', href: routes.staffServices },
	{ id: 'money', href: routes.staffMoney },
	{ id: 'payouts', href: routes.staffPayouts },
	{ id: 'discounts', href: routes.staffDiscounts },
	{ id: 'audit', href: routes.staffAudit },
] as const;
export type StaffSection = (typeof staffSections)[number]['id'];
