import { panelTools, type PanelProps } from '../../panel/shared/context';
import { ButtonAction } from './ButtonAction';
import { ReasonForm } from './ReasonForm';

/** What the page knows of the service, to offer only the actions that apply. */
export interface ServiceActionFacts {
	id: string;
	status: string;
	suspendedBy: 'billing' | 'staff' | null;
	cancelAtPeriodEnd: boolean;
	stuck: boolean;
	givenUp: boolean;
}

/**
 * The actions on one server in the console. The server refuses anything that does not apply
 * anyway; the island just leaves out what cannot work now.
 */
export default function ServiceActions(props: PanelProps & { service: ServiceActionFacts }) {
	const { t } = panelTools(props);
	const { service, locale } = props;
	const api = (action: string) => `/api/staff/services/${service.id}/${action}`;
	const live = service.status === 'active' || service.status === 'suspended';
	const common = { locale, t };
	return (
		<div className="grid gap-4 md:grid-cols-2">
			{(service.status === 'active' || service.suspendedBy === 'billing') && (
				<ReasonForm
					{...common}
					name="suspend"
					url={api('suspend')}
					title={t('staff.services.suspend.title')}
					reasonLabel={t('staff.services.suspend.reason')}
					submit={t('staff.services.suspend.submit')}
				/>
			)}
			{service.status === 'suspended' && service.suspendedBy !== null && (
				<ButtonAction
					{...common}
					name="unsuspend"
					url={api('unsuspend')}
					title={t('staff.services.unsuspend.title')}
					buttons={[{ label: t('staff.services.unsuspend.submit'), body: {} }]}
				/>
			)}
			{service.stuck && (
				<ButtonAction
					{...common}
					name="provisioning"
					url={api('provisioning')}
					title={t('staff.services.provisioning.title')}
					buttons={[
						{ label: t('staff.services.provisioning.retry'), body: { outcome: 'retry' } },
						...(service.givenUp
							? []
							: [{ label: t('staff.services.provisioning.giveUp'), body: { outcome: 'give_up' } }]),
					]}
				/>
			)}
			{live && (
				<ReasonForm
					{...common}
					name="extend"
					url={api('extend')}
					title={t('staff.services.extend.title')}
					reasonLabel={t('staff.services.extend.reason')}
					submit={t('staff.services.extend.submit')}
					extra={(form) => ({ days: Number(form.get('days')) })}
				>
					<label className="grid gap-1">
						<span>{t('staff.services.extend.days')}</span>
						<input
							className="rounded-lg bg-neutral-900 px-3 py-2 ring-1 ring-neutral-700"
							name="days"
							type="number"
							min={1}
							max={90}
							required
						/>
					</label>
				</ReasonForm>
			)}
			{live && (
				<ReasonForm
					{...common}
					name="cancel"
					url={api('cancel')}
					title={t('staff.services.cancel.title')}
					reasonLabel={t('staff.services.cancel.reason')}
					submit={t('staff.services.cancel.submit')}
					extra={(form) => ({ when: form.get('when') })}
				>
					<fieldset className="grid gap-1">
						<legend>{t('staff.services.cancel.when')}</legend>
						{(service.cancelAtPeriodEnd ? ['now'] : ['period_end', 'now']).map((when, i) => (
							<label key={when} className="flex items-center gap-2">
								<input type="radio" name="when" value={when} defaultChecked={i === 0} />
								{t(
									when === 'now' ? 'staff.services.cancel.now' : 'staff.services.cancel.periodEnd',
								)}
							</label>
						))}
					</fieldset>
				</ReasonForm>
			)}
		</div>
	);
}
