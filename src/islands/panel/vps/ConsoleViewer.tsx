import { useEffect, useRef, useState } from 'react';
import type RFB from '@novnc/novnc';
import { z } from 'zod';
import { consoleEndingOf, type ConsoleEnding } from '~/lib/domain/console-ending';

// The machine's screen in the page: asks the site for a one-time console path, then noVNC (loaded
// only now, it is large) connects to it. The site's relay holds the hypervisor's ticket and does
// the VNC authentication; the page speaks plain RFB to the site and never sees either. When the
// site closes the console (idle, signed out, suspended…), its close code says why, and the page
// says so in the customer's language.

export type ConsoleLabels = Record<
	| 'open'
	| 'close'
	| 'fullscreen'
	| 'ctrlAltDel'
	| 'paste'
	| 'connecting'
	| 'connected'
	| 'closed'
	| 'failed',
	string
> & { endings: Record<ConsoleEnding, string> };

const opened = z.object({ url: z.string().startsWith('/console/') });
const refused = z.object({ error: z.object({ message: z.string() }) });

type Phase = 'idle' | 'connecting' | 'connected' | 'closed' | 'failed';

/** An X11 keysym for a character: Latin-1 as is, the rest in the Unicode range. */
const keysymOf = (code: number) => (code < 0x100 ? code : 0x01000000 + code);

export default function ConsoleViewer(props: {
	serviceId: string;
	locale: string;
	labels: ConsoleLabels;
}) {
	const { labels } = props;
	const screen = useRef<HTMLDivElement>(null);
	const rfb = useRef<RFB | null>(null);
	const [phase, setPhase] = useState<Phase>('idle');
	const [message, setMessage] = useState('');
	useEffect(() => () => rfb.current?.disconnect(), []);

	async function open() {
		setPhase('connecting');
		setMessage('');
		const response = await fetch(`/api/services/${props.serviceId}/console`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ locale: props.locale }),
		}).catch(() => null);
		const body: unknown = await response?.json().catch(() => null);
		const path = opened.safeParse(body);
		if (!response?.ok || !path.success || !screen.current) {
			setPhase('failed');
			const reason = refused.safeParse(body);
			setMessage(reason.success ? reason.data.error.message : labels.failed);
			return;
		}
		const { default: Rfb } = await import('@novnc/novnc');
		const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
		// The socket is ours, handed to noVNC, so its close code reaches the page (noVNC keeps it).
		const socket = new WebSocket(`${scheme}//${location.host}${path.data.url}`);
		socket.addEventListener('close', (event) => {
			const ending = consoleEndingOf(event.code);
			if (ending) setMessage(labels.endings[ending]);
		});
		const viewer = new Rfb(screen.current, socket);
		viewer.scaleViewport = true;
		viewer.addEventListener('connect', () => setPhase('connected'));
		viewer.addEventListener('disconnect', () => {
			rfb.current = null;
			setPhase((now) => (now === 'connecting' ? 'failed' : 'closed'));
		});
		rfb.current = viewer;
	}

	async function paste() {
		const text = await navigator.clipboard.readText().catch(() => '');
		for (const char of text) {
			const keysym = keysymOf(char.codePointAt(0) ?? 0x3f);
			rfb.current?.sendKey(keysym, null, true);
			rfb.current?.sendKey(keysym, null, false);
		}
	}

	const live = phase === 'connected';
	const status = phase === 'idle' ? '' : message || labels[phase];
	return (
		<div className="flex flex-col gap-3">
			<div className="flex flex-wrap gap-3">
				{phase === 'connected' || phase === 'connecting' ? (
					<button
						type="button"
						className="btn btn-secondary"
						onClick={() => rfb.current?.disconnect()}
					>
						{labels.close}
					</button>
				) : (
					<button
						type="button"
						className="btn btn-primary"
						onClick={() => void open()}
						data-console-open
					>
						{labels.open}
					</button>
				)}
				<button
					type="button"
					className="btn btn-secondary"
					disabled={!live}
					onClick={() => void screen.current?.requestFullscreen()}
				>
					{labels.fullscreen}
				</button>
				<button
					type="button"
					className="btn btn-secondary"
					disabled={!live}
					onClick={() => rfb.current?.sendCtrlAltDel()}
				>
					{labels.ctrlAltDel}
				</button>
				<button
					type="button"
					className="btn btn-secondary"
					disabled={!live}
					onClick={() => void paste()}
				>
					{labels.paste}
				</button>
			</div>
			<p
				role="status"
				aria-live="polite"
				className="text-sm text-neutral-300"
				data-console-status={phase}
			>
				{status}
			</p>
			<div
				ref={screen}
				data-console-screen
				className={
					phase === 'idle' ? 'hidden' : 'aspect-[8/5] w-full overflow-hidden rounded bg-black'
				}
			/>
		</div>
	);
}
