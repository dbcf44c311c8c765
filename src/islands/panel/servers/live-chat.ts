import type { ChatConfig } from '../../../stores/cancellation';

// A conversation the panel offers (retention offers, help): the live chat when the server
// configured one, otherwise the support form prefilled with the same words. The chat's script is
// third-party code: it is loaded only when a customer asks for a conversation, once, async.

export type Department = 'technical' | 'billing' | 'sales';

export interface Conversation {
	subject: string;
	department: Department;
	message: string;
	/** The server it is about; the ticket is filed under it. */
	serviceId: string;
}

/** The support page's compose form, prefilled (its contract: compose, subject, department, …). */
export function ticketUrl(prefix: string, conversation: Conversation): string {
	const query = new URLSearchParams({
		compose: '1',
		subject: conversation.subject,
		department: conversation.department,
		service: conversation.serviceId,
		message: conversation.message,
	});
	return `${prefix}/panel/support?${query.toString()}`;
}

interface CrispWindow {
	$crisp?: { push(command: unknown[]): unknown };
	CRISP_WEBSITE_ID?: string;
}

/** Per provider: the globals its loader reads, and how to open it with a message. */
const providers: Record<
	ChatConfig['provider'],
	{ prepare(config: ChatConfig): void; open(message: string): void }
> = {
	crisp: {
		prepare(config) {
			const w = window as unknown as CrispWindow;
			// Crisp's queue: commands pushed before l.js has loaded run once it has.
			w.$crisp ??= [];
			w.CRISP_WEBSITE_ID = config.websiteId;
		},
		open(message) {
			const { $crisp } = window as unknown as CrispWindow;
			$crisp?.push(['set', 'message:text', [message]]);
			$crisp?.push(['do', 'chat:open']);
		},
	},
};

let loading: Promise<void> | null = null;

function loadScript(src: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const script = document.createElement('script');
		script.src = src;
		script.async = true;
		script.onload = () => resolve();
		script.onerror = () => reject(new Error(`${src} did not load`));
		document.head.appendChild(script);
	});
}

/**
 * Opens the chat with `message` typed in, loading its script on the first call. False when the
 * script could not load (blocked, offline): the caller then offers the ticket instead.
 */
export async function openLiveChat(config: ChatConfig, message: string): Promise<boolean> {
	const provider = providers[config.provider];
	if (!provider) return false;
	if (!loading) {
		provider.prepare(config);
		loading = loadScript(config.scriptUrl);
	}
	provider.open(message);
	try {
		await loading;
		return true;
	} catch {
		loading = null; // a later click may try again (the network may be back)
		return false;
	}
}
