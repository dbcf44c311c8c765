import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fill } from '../../../lib/fill';
import { $passwordReset, resetPassword } from '../../../stores/vps-reinstall';
import OneTimePassword from './OneTimePassword';

interface Props {
	serviceId: string;
	user: string;
	privileged: boolean;
	locale: string;
	strings: Record<string, string>;
}

/**
 * A new root (or Administrator) password, shown once, and whether it works now or after a boot.
 * The current one stops working, so the first click only asks (as a game server's reset does).
 */
export default function PasswordReset({ serviceId, user, privileged, locale, strings: s }: Props) {
	const outcome = useStore($passwordReset);
	const [asking, setAsking] = useState(false);
	const done = outcome.state === 'done' ? outcome.data : null;
	const reset = () => {
		setAsking(false);
		void resetPassword(serviceId, locale, s['vps.reinstall.error.network'] ?? '');
	};
	return (
		<div className="flex flex-col gap-3" data-vps-password-reset>
			<p className="text-neutral-100">{fill(s['vps.password.intro'] ?? '', { user })}</p>
			{!privileged && <p className="text-amber-200">{s['vps.reinstall.privileged']}</p>}
			<div className="flex flex-wrap gap-3">
				<button
					type="button"
					className={asking ? 'btn btn-primary' : 'btn btn-secondary'}
					disabled={!privileged || outcome.state === 'busy'}
					aria-describedby={asking ? 'vps-reset-confirm' : undefined}
					onClick={asking ? reset : () => setAsking(true)}
				>
					{outcome.state === 'busy'
						? s['vps.password.working']
						: asking
							? s['vps.password.confirm']
							: s['vps.password.submit']}
				</button>
				{asking && (
					<button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
						{s['vps.password.cancel']}
					</button>
				)}
			</div>
			{asking && (
				<p id="vps-reset-confirm" className="text-neutral-100" data-reset-confirm>
					{fill(s['vps.password.confirmText'] ?? '', { user })}
				</p>
			)}
			<div aria-live="polite">
				{outcome.state === 'error' && <p className="text-red-300">{outcome.message}</p>}
				{done && (
					<div className="flex flex-col gap-2">
						<OneTimePassword
							label={fill(s['vps.password.shownOnce'] ?? '', { user: done.user })}
							password={done.password}
							copy={s['vps.password.copy'] ?? ''}
							copied={s['vps.password.copied'] ?? ''}
						/>
						<p className="text-neutral-100" data-password-applied={done.applied}>
							{done.applied === 'now'
								? s['vps.password.appliedNow']
								: s['vps.password.appliedNextBoot']}
						</p>
					</div>
				)}
			</div>
		</div>
	);
}
