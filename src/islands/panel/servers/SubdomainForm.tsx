import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { fill } from '../../../lib/fill';
import type { ServerDetail } from '../../../lib/panel/types';
import { normalizeSubdomain, subdomainMax, subdomainProblem } from '../../../lib/subdomain';
import { $serverBusy, saveSubdomain } from '../../../stores/game-server';
import type { PanelTools } from '../shared/context';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

/**
 * The server's own subdomain: the address players type, the state of its DNS records, and a form
 * to choose or change the label (the rules of src/lib/subdomain.ts; whether it is free is the
 * server's answer, shown like every other refusal in the customer's language).
 */
export function SubdomainForm(props: { server: ServerDetail; locale: string; tools: PanelTools }) {
	const { server, tools } = props;
	const { t } = tools;
	const busy = useStore($serverBusy);
	const [label, setLabel] = useState(server.subdomain?.label ?? '');
	const [problem, setProblem] = useState<string | null>(null);
	const ids = { field: useId(), hint: useId(), error: useId() };
	const sub = server.subdomain;
	const shown = sub?.address ?? sub?.name;
	return (
		<section className="card" aria-labelledby="server-subdomain" data-subdomain={sub?.label ?? ''}>
			<h2 id="server-subdomain" className="text-lg font-bold text-white">
				{t('servers.subdomain.title')}
			</h2>
			<p className="mt-2 text-neutral-200" id={ids.hint}>
				{shown
					? fill(t('servers.subdomain.intro'), { address: shown })
					: t('servers.subdomain.choose')}
			</p>
			{sub?.dns === 'pending' && (
				<p className="mt-2 text-sm text-neutral-300">{t('servers.subdomain.dns.pending')}</p>
			)}
			{sub?.dns === 'failed' && (
				<p className="mt-2 text-sm text-amber-300" role="status">
					{t('servers.subdomain.dns.failed')}
				</p>
			)}
			<form
				className="mt-3 flex flex-wrap items-end gap-4"
				noValidate
				onSubmit={(event) => {
					event.preventDefault();
					const wanted = normalizeSubdomain(label);
					const found = subdomainProblem(wanted);
					setProblem(found ? t(`checkout.error.${found}`) : null);
					if (found) return;
					void saveSubdomain(wanted, props.locale, (answer) =>
						fill(t('servers.subdomain.saved'), { address: answer.address ?? answer.label }),
					);
				}}
			>
				<div className="flex min-w-56 flex-1 flex-col gap-1">
					<label htmlFor={ids.field} className="text-sm text-neutral-300">
						{t('servers.subdomain.field')}
					</label>
					<input
						id={ids.field}
						name="subdomain"
						value={label}
						maxLength={subdomainMax}
						autoCapitalize="none"
						autoComplete="off"
						spellCheck={false}
						aria-describedby={problem ? `${ids.hint} ${ids.error}` : ids.hint}
						aria-invalid={problem ? true : undefined}
						onChange={(event) => setLabel(event.target.value)}
						className={field}
					/>
				</div>
				<button type="submit" className="btn btn-primary" disabled={busy !== null}>
					{t('servers.subdomain.save')}
				</button>
				{problem && (
					<p id={ids.error} className="basis-full text-sm text-red-300" role="alert">
						{problem}
					</p>
				)}
			</form>
		</section>
	);
}
