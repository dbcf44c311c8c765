import type { Dashboard } from '../lib/panel/types';
import { panelResource } from './panel-fetch';

const dashboard = panelResource<Dashboard>();

/** The dashboard's data, read in one request after the page's HTML. */
export const $dashboard = dashboard.$data;

export const loadDashboard = (fallback: string, fetcher?: typeof fetch) =>
	dashboard.load('/api/panel/dashboard', fallback, fetcher);
