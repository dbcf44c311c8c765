import type { OrderCancelReason } from './domain/order-cancel-reason';
import type { LocationId } from './domain/location';
import type { VpsOs } from './vps/images';

/**
 * What GET /api/orders/{id} answers: an order on its way from payment to a running server. Shared
 * by the server that builds it and the order page that follows it.
 */
export interface OrderStatus {
	status: string;
	/** Where the ordered server runs: the location chosen at checkout. */
	location: LocationId;
	/** Why a paid order was cancelled instead of fulfilled (no VPS address left at payment). */
	cancelReason: OrderCancelReason | null;
	invoice: {
		id: string;
		status: string;
		total: number;
		currency: string;
		lastPaymentError: string | null;
	};
	service: {
		id: string;
		status: string;
		address: string | null;
		provisioningFailed: boolean;
		game: string | null;
		/**
		 * A running service whose own name (the subdomain extra) is being published: its
		 * address or name changes within seconds, so the order page keeps following it.
		 */
		namePending?: boolean;
		/** The game panel's state while the server is being set up. */
		panelState?: string;
		/** A VPS's machine: present for a VPS only. */
		vps?: OrderVps;
	};
}

/** What the order page shows of a VPS: where it is and how to get in. */
export interface OrderVps {
	image: string;
	/** The image's name for people, e.g. "Debian 12 (Bookworm)". */
	imageName: string;
	os: VpsOs;
	hostname: string;
	/** Its own name (`label.<zone>`, the subdomain extra) once published; null otherwise. */
	name: string | null;
	ipv4: string | null;
	ipv6: string | null;
	/** Who logs in: root, or Administrator on Windows. */
	user: string;
	/** SSH keys given with the order, or a generated password. */
	access: 'keys' | 'password';
	/** The hypervisor's state of the machine while it is being made. */
	machineState?: string;
	/** The generated password, in the one answer that shows it: once the VPS runs, then never again. */
	password?: string;
}
