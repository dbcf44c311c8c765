import { fill } from '../../../lib/fill';
import type { ServerDetail } from '../../../lib/panel/types';
import { routes } from '../../../lib/routes';
import type { PanelTools } from '../shared/context';

/** A server suspended for an unpaid invoice: which one, since when, the deletion day, and Pay. */
export function SuspensionNotice({ server, tools }: { server: ServerDetail; tools: PanelTools }) {
	const { t, date, money, path } = tools;
	const { suspension } = server;
	if (!suspension) return null;
	const { invoice } = suspension;
	const values = {
		number: invoice.number,
		total: money(invoice.total, invoice.currency),
		since: date(suspension.since),
		date: date(suspension.deleteOn),
	};
	return (
		<section
			className="card flex flex-wrap items-center justify-between gap-4 ring-red-400/40"
			data-suspension={invoice.number}
		>
			<div>
				<h2 className="font-bold text-red-100">{t('servers.suspension.title')}</h2>
				<p className="text-neutral-100">
					{fill(
						t(suspension.since ? 'servers.suspension.reasonSince' : 'servers.suspension.reason'),
						values,
					)}
				</p>
				<p className="text-neutral-100" data-suspension-deletion>
					{fill(t('servers.suspension.deletion'), values)}
				</p>
			</div>
			<a className="btn btn-primary" href={path(routes.invoice(invoice.id))}>
				{fill(t('servers.suspension.pay'), values)}
			</a>
		</section>
	);
}
