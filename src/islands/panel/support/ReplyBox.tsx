import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $supportBusy, replyToTicket } from '../../../stores/support';
import type { PanelTools } from '../shared/context';
import { fieldClass } from './Field';
import { messageMaxLength, type TicketStatus } from '../../../lib/panel/support';

interface Props {
	ticketId: string;
	status: TicketStatus;
	locale: string;
	tools: PanelTools;
}

/** The customer's reply; on a closed ticket it says that sending reopens it. */
export function ReplyBox({ ticketId, status, locale, tools }: Props) {
	const { t } = tools;
	const busy = useStore($supportBusy);
	const [message, setMessage] = useState('');
	const [missing, setMissing] = useState(false);
	const id = useId();
	const hintId = useId();
	const errorId = useId();
	const closed = status === 'closed';
	const describedBy = [closed ? hintId : '', missing ? errorId : ''].filter(Boolean).join(' ');

	async function send() {
		if (!message.trim()) return setMissing(true);
		setMissing(false);
		const messages = { success: t('support.notice.replied'), fallback: t('panel.error.generic') };
		if (await replyToTicket(ticketId, message, locale, messages)) setMessage('');
	}

	return (
		<form
			noValidate
			className="flex flex-col gap-2"
			onSubmit={(event) => {
				event.preventDefault();
				void send();
			}}
			data-reply
		>
			<label htmlFor={id} className="text-sm text-neutral-300">
				{t('support.reply.label')}
			</label>
			{closed && (
				<p id={hintId} className="text-sm text-neutral-300">
					{t('support.reply.closedHint')}
				</p>
			)}
			<textarea
				id={id}
				name="message"
				rows={5}
				value={message}
				maxLength={messageMaxLength}
				aria-required="true"
				aria-invalid={missing || undefined}
				aria-describedby={describedBy || undefined}
				onChange={(event) => setMessage(event.target.value)}
				className={fieldClass}
			/>
			{missing && (
				<p id={errorId} role="alert" className="text-red-200">
					{t('auth.error.missingFields')}
				</p>
			)}
			<button
				type="submit"
				className="btn btn-primary self-start"
				disabled={busy !== null}
				aria-busy={busy === 'reply'}
			>
				{busy === 'reply' ? t('support.sending') : t('support.reply.submit')}
			</button>
		</form>
	);
}
