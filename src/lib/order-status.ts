/**
 * What GET /api/orders/{id} answers: an order on its way from payment to a running server. Shared
 * by the server that builds it and the order page that follows it.
 */
export interface OrderStatus {
	status: string;
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
		/** The game panel's state while the server is being set up. */
		panelState?: string;
	};
}
