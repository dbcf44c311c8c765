import type { FakePanelState } from './state';
import type { Answer } from './validation';

export interface Context {
	state: FakePanelState;
	params: string[];
	query: URLSearchParams;
	body: unknown;
	/** The body as sent, for the routes that read it raw (file writes). */
	raw: Buffer;
}

export type Route = [method: string, path: RegExp, handle: (ctx: Context) => Answer];

export const ok = (body: unknown, status = 200): Answer => ({ status, body });
export const noContent = (): Answer => ({ status: 204 });
