import type { ServiceEvent } from '../domain/service-event';
import type { UpgradeStatus } from '../domain/upgrade-status';
import type { DeclineReason } from '../billing/decline';
import type { PaymentMethodKind } from '../domain/payment-method';
import type { InvoiceKind } from './invoice-kinds';
import type { PauseQuote } from '../billing/pause-quote';
import type { InvoiceStatus } from '../domain/invoice-status';
import type { SubdomainDnsState } from '../subdomain';
import type {
	MinecraftSoftware,
	ModpackLoader,
	SoftwareInstallStatus,
} from '../domain/minecraft-software';
import type { SoftwareChangeKind, SoftwareInstallStep } from '../domain/software-change';
import type { LocationId } from '../domain/location';

// The JSON the panel's read endpoints answer and its islands render: one shape, shared by the
// server that builds it and the browser that shows it. Amounts are minor units; dates ISO strings.

export interface ServiceRef {
	id: string;
	type: 'game' | 'vps';
	game: string | null;
	plan: string;
	label: string;
	/** A VPS's machine's hostname, what it is called everywhere; null for a game server. */
	hostname: string | null;
}

export interface InvoiceRow {
	id: string;
	number: string;
	kind: InvoiceKind;
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
	tier: string;
	ramGb: number;
	/** The service's status, 'paused' instead of 'suspended' while a pause runs (pauseState). */
	status: string;
	/** When the running pause ends; null when not paused. */
	pausedUntil: string | null;
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

export interface InvoiceTransaction {
	kind: 'payment' | 'refund';
	at: string;
	status: string;
	amount: number;
	/** How it was paid, when told (payments since issue 39); null for refunds and older rows. */
	method: PaymentMethodKind | null;
	/** The card it was paid with or a failed automatic charge was tried on, when known. */
	card: { brand: string; last4: string } | null;
	/** Why a failed payment was declined, in words the page translates; null otherwise. */
	declined: DeclineReason | null;
}

/** The code an order was discounted by: its first invoice names it on the discount line. */
export interface DiscountCode {
	code: string;
	percent: number;
}

export interface InvoiceDetail extends InvoiceRow {
	periodStart: string | null;
	periodEnd: string | null;
	subtotal: number;
	discount: number;
	/** Null for a discount without a code (or none). */
	discountCode: DiscountCode | null;
	taxRate: number;
	tax: number;
	lateFee: number;
	lines: {
		kind: string;
		description: string;
		/** Printed under the description: where the line's server runs ("Frankfurt, Germany"). */
		detail: string | null;
		quantity: number;
		unitAmount: number;
		amount: number;
	}[];
	transactions: InvoiceTransaction[];
	/** When the billing run will charge the default card for this invoice; null when it will not. */
	autoCharge: { on: string; card: SavedCard } | null;
	cards: SavedCard[];
	/** The upgrade this invoice pays, for its payment page. */
	upgradeId: string | null;
}

export interface UpgradePayment {
	id: string;
	status: UpgradeStatus;
	/** A VPS's cores and memory apply at its next reboot, which the page says. */
	product: ServiceRef['type'];
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

export interface ServerPage {
	rows: ServerRow[];
	total: number;
	page: number;
}

/** What the game panel says a server is doing, with its use of resources when it reports it. */
export interface LiveStatus {
	state: string;
	resources: {
		memoryBytes: number;
		cpuPercent: number;
		diskBytes: number;
		uptimeMs: number;
	} | null;
}

export interface ActivityEntry {
	event: ServiceEvent;
	at: string;
	detail: Record<string, unknown>;
}

/**
 * A Minecraft server's software change as the panel follows it (`POST`/`DELETE
 * /api/services/{id}/modpack`, `PUT /api/services/{id}/software`, and the server's page).
 */
export interface InstallView {
	id: string;
	kind: SoftwareChangeKind;
	status: SoftwareInstallStatus;
	/** Where a running change is; null once it finished. */
	step: SoftwareInstallStep | null;
	/** What is installed: "Fabulously Optimized 6.1.0", "Paper 1.21.4". */
	target: string;
	startedAt: string;
	finishedAt: string | null;
	/** Why it failed, in the reader's language; null unless failed. */
	error: string | null;
	/** Failed, and the backup made first was put back (the server is as it was). */
	restoredBackup: boolean;
}

/** What a Minecraft server runs (src/server/minecraft-software/queries.ts); null/false for other games. */
export interface ServerSoftware {
	/**
	 * The plain software and version: what runs without a pack, and what removing the pack goes
	 * back to. Null: the plan's default, never changed from the panel.
	 */
	software: { software: MinecraftSoftware; minecraftVersion: string } | null;
	modpack: {
		projectId: string;
		versionId: string;
		name: string;
		version: string;
		loader: ModpackLoader;
		gameVersion: string;
	} | null;
	/** The latest software change, running or finished; null before the first. */
	install: InstallView | null;
	/** Whether the paid extra "Modpack installation" is bought (installing packs needs it). */
	modpackExtra: boolean;
}

/** `GET /api/minecraft/software`: the operator's catalogue, each software's versions newest first. */
export interface SoftwareCatalogueAnswer {
	software: {
		id: MinecraftSoftware;
		name: string;
		versions: string[];
		defaultVersion: string;
	}[];
}

export interface ServerDetail extends ServerRow, ServerSoftware {
	storageGb: number;
	/** Where it runs (content/catalogue/locations.json), chosen when it was ordered. */
	location: LocationId;
	/** The same in the reader's words: "Frankfurt, Germany". */
	locationName: string;
	/** Where players connect (host:port); null until the server is set up. */
	address: string | null;
	/** Whether that address is an IP address or a host name (the panel's alias), to say which. */
	addressKind: 'ip' | 'host' | null;
	extras: {
		modpackInstallation: boolean;
		ddosProtection: boolean;
		dailyBackups: boolean;
		subdomain: string | null;
		/** The paid subdomain extra, whether or not a label is chosen yet. */
		subdomainExtra: boolean;
	};
	/**
	 * The server's own subdomain when a label is chosen: `label.<zone>`, the address players type
	 * (`label.<zone>:port`, once the server has one) and the state of its DNS records.
	 */
	subdomain: {
		label: string;
		name: string;
		address: string | null;
		dns: SubdomainDnsState | null;
	} | null;
	subscription: {
		cycle: string;
		currency: string;
		recurringAmount: number;
		periodStart: string | null;
		periodEnd: string | null;
		/** Credit staff added, in the currency's minor units: taken off the next renewal invoice. */
		credit: number;
	};
	/** 'HH:MM' UTC, or null for none. */
	dailyRestartAt: string | null;
	/** 'HH:MM' UTC of the daily backup, or null for none. */
	dailyBackupAt: string | null;
	/** The game panel's own page for this server; null when there is none to visit. */
	panelUrl: string | null;
	/** Whether the game panel knows this server: power, password and live state need it. */
	onPanel: boolean;
	live: LiveStatus | null;
	activity: ActivityEntry[];
	invoices: InvoiceRow[];
	/** The money-back guarantee while it can be used on this server; null otherwise. */
	moneyBack: MoneyBackOffer | null;
	/** Suspended for an unpaid renewal: which one, since when, until deletion. */
	suspension: Suspension | null;
	/** Suspended by our team: the reason they gave, which the customer reads; null otherwise. */
	staffSuspension: string | null;
}

/** What the money-back guarantee would give back now (src/server/billing/refund/money-back-offer.ts). */
export interface MoneyBackOffer {
	/** The first invoice's total, refunded in full: minor units. */
	amount: number;
	currency: string;
	/** The last moment it can be asked for (ISO). */
	deadline: string;
}

/** A live chat the browser may load (src/server/live-chat: the same shape, public values only). */
export interface ChatConfig {
	provider: 'crisp';
	websiteId: string;
	scriptUrl: string;
	scriptOrigin: string;
}

/** GET /api/panel/services/{id}/cancel. Dates are ISO strings; amounts minor units. */
export interface CancelPage {
	service: ServiceRef;
	status: string;
	cancelAtPeriodEnd: boolean;
	/** The end of the paid period: when a cancelled server and its data are deleted. */
	periodEnd: string | null;
	billingCycle: string;
	currency: string;
	pause: {
		/** Whether POST /api/services/{id}/pause would accept a pause now. */
		possible: boolean;
		/** Why not, as that endpoint's error code (`unpaid_invoice`, `suspended`, …). */
		refusal: string | null;
		/** 1, 2 and 3 months; empty without a due date to move. */
		quotes: PauseQuote[];
	};
	chat: ChatConfig | null;
	/** The money-back guarantee while it can be used on this server; null otherwise. */
	moneyBack: MoneyBackOffer | null;
}

/** Why a server is suspended for not paying, and what ends it: paying `invoice`. */
export interface Suspension {
	invoice: { id: string; number: string; total: number; currency: string };
	/** When the billing run suspended it (ISO); null when the activity no longer shows it. */
	since: string | null;
	/** The day the server and its data are deleted if the invoice stays unpaid. */
	deleteOn: string;
}

/** A credit note in the customer's billing (GET /api/panel/credit-notes). */
export interface CreditNoteRow {
	id: string;
	number: string;
	total: number;
	currency: string;
	issuedAt: string;
	/** The number of the invoice it credits. */
	invoiceNumber: string | null;
}
