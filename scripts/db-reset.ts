/** `npm run db:reset`: wipes the local stack's data; the next `npm start` migrates and seeds afresh. */
import { rm } from 'node:fs/promises';

await rm('supabase/.data', { recursive: true, force: true });
console.log(
	'Local database wiped (supabase/.data). `npm start` creates it again with the demo data.',
);
