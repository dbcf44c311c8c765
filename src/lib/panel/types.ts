import type { InvoiceStatus } from './invoice-view';

// The JSON the panel's read endpoints answer and its islands render: one shape, shared by the
// server that builds it and the browser that shows it. Amounts are minor units; dates ISO strings.

export interface ServiceRef {
	id: string;
	type: 'game' | 'vps';
	game: string | null;
	plan: string;
	label: string;
}

export interface InvoiceRow {
	id: string;
	number: string;
	kind: 'new' | 'renewal' | 'upgrade';
	status: InvoiceStatus;
	currency: string;
	total: number;
	issuedAt: string;
	dueAt: string;
	paidAt: string | null;
	service: ServiceRef | null;
}

export interface InvoicePage {
	rows: InvoiceRow[];
	total: number;
}

/** A server as the dashboard lists it, with what the game panel says it is doing now. */
export interface ServerRow extends ServiceRef {
	ramGb: number;
	status: string;
	cancelAtPeriodEnd: boolean;
	nextDueAt: string | null;
	/** From the game panel, for active servers; null when it could not be asked in time. */
	liveState: string | null;
}

export interface Dashboard {
	firstName: string | null;
	summary: {
		activeServers: number;
		unpaidInvoices: number;
		activeTickets: number;
		totalSpent: { currency: string; amount: number }[];
	};
	openInvoices: InvoiceRow[];
	recentInvoices: InvoiceRow[];
	servers: ServerRow[];
}

/** A saved card as the panel shows it: never its number, only what identifies it to its owner. */
export interface SavedCard {
	id: string;
	brand: string;
	last4: string;
	expMonth: number;
	expYear: number;
	/** The card renewals charge. */
	isDefault: boolean;
	/** Past its expiry month (UTC): a renewal charged to it would be declined. */
	expired: boolean;
}

export interface SavedCards {
	/** The default first, then the newest. */
	methods: SavedCard[];
	/**
	 * Whether a service of the customer will renew and so needs a card: one that is active,
	 * suspended or being set up, and not ending at the period's end. Then the last card stays.
	 */
	renewalNeedsCard: boolean;
}

export interface InvoiceDetail extends InvoiceRow {
	periodStart: string | null;
	periodEnd: string | null;
	subtotal: number;
	discount: number;
	taxRate: number;
	tax: number;
	lateFee: number;
	lines: {
		kind: string;
		description: string;
		quantity: number;
		unitAmount: number;
		amount: number;
	}[];
	transactions: { kind: 'payment' | 'refund'; at: string; status: string; amount: number }[];
	/** When the billing run will charge the default card for this invoice; null when it will not. */
	autoCharge: { on: string; card: SavedCard } | null;
	cards: SavedCard[];
	/** The upgrade this invoice pays, for its payment page. */
	upgradeId: string | null;
}

export interface UpgradePayment {
	id: string;
	status: 'pending' | 'paid' | 'applied' | 'cancelled';
	from: { ramGb: number; storageGb: number };
	to: { ramGb: number; storageGb: number };
	/** From the upgrade day to the end of the period it was bought in. */
	daysLeft: number;
	/** That period's length; null once the service has moved on to a later period. */
	daysInPeriod: number | null;
	newRecurringAmount: number;
	billingCycle: string;
	invoice: InvoiceDetail;
}
