import { call as callRoute, type Routes } from '../game-tools/api.ts';
import type { InstallView, ServerDetail } from '../../../src/lib/panel/types.ts';

// The routes of the software changes called as the site does (the backups' helper), their JSON
// read as the fields these tests look at.

export interface Answer extends Partial<ServerDetail> {
	error: {
		code: string;
		message: string;
		upgradeUrl?: string | null;
		recommendedRamGb?: number;
		ramGb?: number;
		limit?: number;
	};
	install: InstallView;
}

export async function call(
	routes: Routes,
	method: keyof Routes,
	path: string,
	params: Record<string, string>,
	options: { bearer: string; body?: unknown },
) {
	const answer = await callRoute(routes, method, path, params, options);
	return { ...answer, json: answer.json as unknown as Answer };
}
