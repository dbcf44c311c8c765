// The part of noVNC's RFB class (@novnc/novnc, untyped JavaScript) the console island uses.
declare module '@novnc/novnc' {
	export default class RFB extends EventTarget {
		/** A WebSocket URL, or an open(ing) WebSocket that RFB then speaks over. */
		constructor(
			target: HTMLElement,
			urlOrChannel: string | WebSocket,
			options?: Record<string, unknown>,
		);
		scaleViewport: boolean;
		background: string;
		disconnect(): void;
		sendCtrlAltDel(): void;
		sendKey(keysym: number, code: string | null, down?: boolean): void;
		focus(): void;
	}
}
