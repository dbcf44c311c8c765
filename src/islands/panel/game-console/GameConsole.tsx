import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { createGameConsole } from '~/stores/game-console';
import { panelTools, type PanelProps } from '../shared/context';
import { ConsoleLog } from './ConsoleLog';
import { ConsoleStats } from './ConsoleStats';

// A game server's live console: output (the last lines, then live), state and usage, a command
// line with history on the arrow keys, and why a command was refused or the console closed, with
// a reconnect. The customer's page opens it at once; staff open it on purpose (each opening is
// audited), read-only: the relay refuses their commands, and the page offers no command line.

export default function GameConsole(props: PanelProps & { serviceId: string; readOnly?: boolean }) {
	const tools = panelTools(props);
	const { t } = tools;
	const id = encodeURIComponent(props.serviceId);
	const session = useMemo(
		() =>
			createGameConsole({
				openUrl: props.readOnly
					? `/api/staff/services/${id}/game-console`
					: `/api/services/${id}/game-console`,
				body: () =>
					props.readOnly
						? { locale: props.locale, requestId: crypto.randomUUID() }
						: { locale: props.locale },
				fallback: t('gameConsole.status.failed'),
			}),
		// One console per mounted island: its props do not change while it is mounted.
		[],
	);
	const phase = useStore(session.$phase);
	const lines = useStore(session.$lines);
	const state = useStore(session.$state);
	const usage = useStore(session.$usage);
	const notice = useStore(session.$notice);
	const [command, setCommand] = useState('');
	useEffect(() => {
		if (!props.readOnly) void session.open();
		return () => session.close();
	}, [session, props.readOnly]);

	const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
		if (event.key === 'Enter') {
			event.preventDefault();
			if (session.send(command)) setCommand('');
		} else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
			event.preventDefault();
			setCommand(session.recall(event.key === 'ArrowUp' ? -1 : 1));
		}
	};
	const noticeText =
		notice?.kind === 'refused'
			? t(`gameConsole.refused.${notice.refusal}`)
			: notice?.kind === 'ended'
				? t(`gameConsole.ended.${notice.ending}`)
				: notice?.kind === 'message'
					? notice.text
					: '';
	const status = phase === 'idle' ? '' : noticeText || t(`gameConsole.status.${phase}`);
	const live = phase === 'connected';
	return (
		<div className="flex min-w-0 flex-col gap-3" data-game-console>
			<ConsoleStats state={state} usage={usage} tools={tools} />
			<div className="flex flex-wrap items-center gap-3">
				<p
					role="status"
					aria-live="polite"
					className="min-w-0 flex-1 text-sm text-neutral-300"
					data-console-status={phase}
					data-console-notice={notice?.kind ?? ''}
				>
					{status}
				</p>
				{!live && phase !== 'connecting' && (
					<button
						type="button"
						className="btn btn-primary"
						onClick={() => void session.open()}
						data-console-open
					>
						{phase === 'idle' ? t('gameConsole.open') : t('gameConsole.reconnect')}
					</button>
				)}
			</div>
			<ConsoleLog
				lines={lines}
				label={t('gameConsole.log')}
				empty={t('gameConsole.empty')}
				follow={t('gameConsole.follow')}
			/>
			{props.readOnly ? (
				<p className="text-sm text-neutral-300">{t('gameConsole.readOnly')}</p>
			) : (
				<form
					className="flex flex-col gap-1"
					onSubmit={(event) => {
						event.preventDefault();
						if (session.send(command)) setCommand('');
					}}
				>
					<label htmlFor="game-console-command" className="text-sm font-medium">
						{t('gameConsole.command')}
					</label>
					<div className="flex gap-2">
						<input
							id="game-console-command"
							className="min-w-0 flex-1 rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 font-mono text-neutral-100"
							value={command}
							maxLength={4000}
							autoComplete="off"
							spellCheck={false}
							disabled={!live}
							aria-describedby="game-console-hint"
							onChange={(event) => setCommand(event.target.value)}
							onKeyDown={onKey}
							data-console-command
						/>
						<button type="submit" className="btn btn-primary" disabled={!live}>
							{t('gameConsole.send')}
						</button>
					</div>
					<p id="game-console-hint" className="text-xs text-neutral-400">
						{t('gameConsole.commandHint')}
					</p>
				</form>
			)}
		</div>
	);
}
