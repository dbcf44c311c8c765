/** The strings the console's server and discount islands use, picked by their prefixes. */
export const staffServiceKeys = (dictionary: Record<string, string>) =>
	Object.keys(dictionary).filter((key) => key.startsWith('staff.services.'));

export const staffDiscountKeys = (dictionary: Record<string, string>) =>
	Object.keys(dictionary).filter(
		(key) => key.startsWith('staff.discounts.') || key.startsWith('staff.services.'),
	);
