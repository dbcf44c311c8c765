/**
 * What every query of a customer's page shares: how many rows of each list it shows, and how a
 * failed read fails the page (thrown, named), not an empty section that looks like no data.
 */

/** How many of each list the page shows, newest first. */
export const pageLimit = 100;

/** A query's rows, or its error thrown with what was being read. */
export async function must<T>(
	what: string,
	query: PromiseLike<{ data: T | null; error: { message: string } | null }>,
): Promise<T | null> {
	const { data, error } = await query;
	if (error) throw new Error(`${what}: ${error.message}`);
	return data;
}
