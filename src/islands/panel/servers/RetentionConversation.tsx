import { useState } from 'react';
import type { ChatConfig } from '../../../stores/cancellation';
import { openLiveChat, ticketUrl, type Conversation } from './live-chat';

interface Props {
	chat: ChatConfig | null;
	/** The page's link prefix ('' or '/de'), for the support form. */
	prefix: string;
	conversation: Conversation;
	label: string;
	/** Names the card it belongs to, for tests and analytics: `data-conversation`. */
	offer: string;
}

/**
 * Opens a conversation about the server with the message already written: a link to the
 * prefilled support form when there is no chat (it works before the page's code has loaded),
 * a button that opens the chat when there is one, falling back to the form if it cannot load.
 */
export function RetentionConversation({ chat, prefix, conversation, label, offer }: Props) {
	const [opening, setOpening] = useState(false);
	const ticket = ticketUrl(prefix, conversation);
	if (!chat)
		return (
			<a className="btn btn-secondary" href={ticket} data-conversation={offer}>
				{label}
			</a>
		);
	const open = async () => {
		setOpening(true);
		const opened = await openLiveChat(chat, conversation.message);
		setOpening(false);
		if (!opened) window.location.assign(ticket);
	};
	return (
		<button
			type="button"
			className="btn btn-secondary"
			aria-busy={opening}
			onClick={() => void open()}
			data-conversation={offer}
		>
			{label}
		</button>
	);
}
