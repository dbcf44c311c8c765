import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { SessionView } from '../../../lib/account/sessions';
import { fill } from '../../../lib/fill';
import { formatMoment } from '../../../lib/format-date';
import {
	$sessionBusy,
	$sessionNotice,
	$sessions,
	endSessions,
	loadSessions,
} from '../../../stores/sessions';
import { panelTools, type PanelProps, type PanelTools } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';

/** "Firefox on Windows", "Chrome (headless) on Linux", or the words for an unknown one. */
function deviceName(session: SessionView, t: PanelTools['t']): string {
	const browser = session.browser ?? t('sessions.unknownBrowser');
	return fill(t('sessions.browserOn'), {
		browser: session.headless ? fill(t('sessions.headless'), { browser }) : browser,
		os: session.os ?? t('sessions.unknownOs'),
	});
}

/** The Security tab's sessions: where the account is signed in, and signing any of them out. */
export default function SessionList(props: PanelProps) {
	const tools = panelTools(props);
	const { t, intl } = tools;
	const loaded = useStore($sessions);
	const notice = useStore($sessionNotice);
	const busy = useStore($sessionBusy);
	const load = () => void loadSessions(t('sessions.error.unavailable'));
	useEffect(load, []);
	const signIn = tools.path('/login');
	const act = (action: Parameters<typeof endSessions>[0], success: string) =>
		void endSessions(action, props.locale, success, signIn);
	if (loaded.state === 'loading') return <Skeleton lines={3} label={t('panel.loading')} />;
	if (loaded.state === 'error')
		return <LoadError message={loaded.message} retry={load} retryLabel={t('panel.error.retry')} />;
	const others = loaded.data.sessions.filter((session) => !session.current);
	return (
		<div className="flex flex-col gap-4" data-sessions>
			<div className="min-h-6">
				{notice && (
					<p
						role={notice.kind === 'error' ? 'alert' : 'status'}
						className={notice.kind === 'error' ? 'text-red-200' : 'text-emerald-200'}
						data-session-notice={notice.kind}
					>
						{notice.text}
					</p>
				)}
			</div>
			<ul className="flex flex-col gap-3">
				{loaded.data.sessions.map((session) => (
					<li
						key={session.id}
						className="card flex flex-wrap items-center justify-between gap-3 py-4"
						data-session={session.current ? 'current' : 'other'}
					>
						<div>
							<p className="font-semibold text-white">
								{deviceName(session, t)}
								{session.current && (
									<span className="ml-2 rounded-full bg-primary-950/60 px-2 py-0.5 text-xs text-primary-100">
										{t('sessions.thisDevice')}
									</span>
								)}
							</p>
							<p className="text-sm text-neutral-300">
								{t('sessions.address')}: {session.address || t('sessions.unknownAddress')} ·{' '}
								{t('sessions.lastUsed')}: {formatMoment(session.lastUsedAt, intl)}
							</p>
						</div>
						{!session.current && (
							<button
								type="button"
								className="btn btn-secondary"
								disabled={busy !== null}
								aria-label={`${t('sessions.signOut')}: ${deviceName(session, t)}`}
								onClick={() => act({ action: 'end', sessionId: session.id }, t('sessions.ended'))}
							>
								{t('sessions.signOut')}
							</button>
						)}
					</li>
				))}
			</ul>
			{others.length === 0 && <p className="text-neutral-300">{t('sessions.noOthers')}</p>}
			<div className="flex flex-wrap gap-3">
				{others.length > 0 && (
					<button
						type="button"
						className="btn btn-secondary"
						disabled={busy !== null}
						onClick={() => act({ action: 'others' }, t('sessions.othersEnded'))}
					>
						{t('sessions.signOutOthers')}
					</button>
				)}
				<button
					type="button"
					className="btn btn-secondary"
					disabled={busy !== null}
					onClick={() => act({ action: 'everywhere' }, '')}
				>
					{t('sessions.signOutEverywhere')}
				</button>
			</div>
			<p className="text-sm text-neutral-300">{t('sessions.everywhereHelp')}</p>
		</div>
	);
}
