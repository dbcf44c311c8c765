import type { Dashboard } from '../lib/panel/types';
import { panelResource } from './panel-fetch';

const dashboard = panelResource<Dashboard>();

/** The dashboard's data, read in one request after the page's HTML. */
export const $dashboard = dashboard.$data;

export const loadDashboard = (fallback: string, fetcher?: typeof fetch) =>
	dashboard.load('/api/panel/dashboard', fallback, fetcher);

/** Nothing bought yet (no server, no invoice): the customer has just arrived, not come back. */
export const isNewCustomer = (data: Dashboard) =>
	data.servers.length === 0 && data.recentInvoices.length === 0;

/** A first sign-in is greeted as a welcome; "welcome back" only once there is something to return to. */
export const greetingKey = (data: Dashboard) =>
	isNewCustomer(data) ? ('panel.welcomeNew' as const) : ('panel.welcome' as const);
