import { fill } from '../../../lib/fill';
import type { ServerDetail } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';

/** A server our team suspended (abuse, a dispute): the reason they gave, and who to ask. */
export function StaffSuspensionNotice({
	server,
	tools,
}: {
	server: ServerDetail;
	tools: PanelTools;
}) {
	const { t } = tools;
	if (!server.staffSuspension) return null;
	return (
		<section className="card ring-red-400/40" data-staff-suspension>
			<h2 className="font-bold text-red-100">{t('staff.services.customerNotice.title')}</h2>
			<p className="text-neutral-100" data-staff-suspension-reason>
				{fill(t('staff.services.customerNotice.reason'), { reason: server.staffSuspension })}
			</p>
			<p className="text-neutral-100">{t('staff.services.customerNotice.help')}</p>
		</section>
	);
}
