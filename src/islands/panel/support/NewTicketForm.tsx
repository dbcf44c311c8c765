import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ServiceRef } from '../../../lib/panel/types';
import { $supportBusy, createTicket } from '../../../stores/support';
import type { PanelTools } from '../shared/context';
import { Field, fieldClass } from './Field';
import { messageMaxLength, subjectLength, type NewTicket } from '../../../lib/panel/support';
import { TopicFields } from './TopicFields';

interface Props {
	/** The starting values (the URL's prefill), the service already checked against `services`. */
	initial: NewTicket;
	services: ServiceRef[];
	locale: string;
	tools: PanelTools;
	onCancel: () => void;
}

/** Subject, department, server and message; refused entries keep what was typed. */
export function NewTicketForm({ initial, services, locale, tools, onCancel }: Props) {
	const { t, path } = tools;
	const busy = useStore($supportBusy) === 'create';
	const [values, setValues] = useState(initial);
	const [error, setError] = useState<string | null>(null);
	const [invalid, setInvalid] = useState<(keyof NewTicket)[]>([]);
	const ids = { heading: useId(), subject: useId(), message: useId(), error: useId() };
	const subjectBox = useRef<HTMLInputElement>(null);
	const messageBox = useRef<HTMLTextAreaElement>(null);
	const set = (name: keyof NewTicket, value: string) =>
		setValues((now) => ({ ...now, [name]: name === 'serviceId' ? value || null : value }));
	const marked = (name: keyof NewTicket) =>
		invalid.includes(name) ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {};

	const refuse = (message: string, fields: (keyof NewTicket)[]) => {
		setError(message);
		setInvalid(fields);
		// The first field to fix takes the focus, so the message is read out where it matters.
		(fields[0] === 'message' ? messageBox : fields[0] ? subjectBox : null)?.current?.focus();
	};

	async function submit(event: FormEvent) {
		event.preventDefault();
		const missing = (['subject', 'message'] as const).filter((name) => !values[name].trim());
		if (missing.length) return refuse(t('auth.error.missingFields'), missing);
		if (values.subject.trim().length < subjectLength.min)
			return refuse(t('support.error.subjectShort'), ['subject']);
		const answer = await createTicket(values, locale, t('panel.error.generic'));
		if ('id' in answer) return window.location.assign(path(`/panel/support/tickets/${answer.id}`));
		if (answer.error) refuse(answer.error, []);
	}

	return (
		<form
			noValidate
			aria-labelledby={ids.heading}
			className="card flex flex-col gap-4"
			onSubmit={(event) => void submit(event)}
			data-new-ticket
		>
			<h2 id={ids.heading} className="text-xl font-bold text-white">
				{t('support.new.heading')}
			</h2>
			<Field id={ids.subject} label={t('support.field.subject')}>
				<input
					ref={subjectBox}
					id={ids.subject}
					name="subject"
					type="text"
					value={values.subject}
					maxLength={subjectLength.max}
					aria-required="true"
					autoComplete="off"
					onChange={(event) => set('subject', event.target.value)}
					className={fieldClass}
					{...marked('subject')}
				/>
			</Field>
			<TopicFields values={values} services={services} set={set} tools={tools} />
			<Field id={ids.message} label={t('support.field.message')}>
				<textarea
					ref={messageBox}
					id={ids.message}
					name="message"
					rows={6}
					value={values.message}
					maxLength={messageMaxLength}
					aria-required="true"
					onChange={(event) => set('message', event.target.value)}
					className={fieldClass}
					{...marked('message')}
				/>
			</Field>
			<p id={ids.error} role="alert" className="min-h-6 text-red-200" data-form-error>
				{error}
			</p>
			<div className="flex flex-wrap gap-3">
				<button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
					{busy ? t('support.sending') : t('support.new.submit')}
				</button>
				<button type="button" className="btn btn-secondary" onClick={onCancel}>
					{t('support.new.cancel')}
				</button>
			</div>
		</form>
	);
}
