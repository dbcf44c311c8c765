import pg from 'pg';

/** One client of its own on `url` for `work`, closed afterwards whatever `work` did. */
export async function withClient<T>(
	url: string,
	work: (client: pg.Client) => Promise<T>,
): Promise<T> {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		return await work(client);
	} finally {
		await client.end();
	}
}
