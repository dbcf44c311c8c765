import type { InvoiceDetail, UpgradePayment } from '../lib/panel/types';
import { panelResource } from './panel-fetch';

const invoice = panelResource<InvoiceDetail>();
const upgrade = panelResource<UpgradePayment>();

/** The invoice page's data: the invoice, its lines and payments, the saved cards. */
export const $invoice = invoice.$data;
export const loadInvoice = (id: string, fallback: string, fetcher?: typeof fetch) =>
	invoice.load(`/api/panel/invoices/${encodeURIComponent(id)}`, fallback, fetcher);

/** The upgrade payment page's data: the upgrade's quote and its invoice. */
export const $upgrade = upgrade.$data;
export const loadUpgrade = (id: string, fallback: string, fetcher?: typeof fetch) =>
	upgrade.load(`/api/panel/upgrades/${encodeURIComponent(id)}`, fallback, fetcher);
