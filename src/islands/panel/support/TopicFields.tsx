import { useId } from 'react';
import type { ServiceRef } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';
import { Field, fieldClass } from './Field';
import { departments, type NewTicket } from '../../../lib/panel/support';

interface Props {
	values: NewTicket;
	services: ServiceRef[];
	set: (name: 'department' | 'serviceId', value: string) => void;
	tools: PanelTools;
}

/** What a new ticket is about: the department, and one of the customer's servers or none. */
export function TopicFields({ values, services, set, tools }: Props) {
	const { t } = tools;
	const ids = { department: useId(), service: useId() };
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			<Field id={ids.department} label={t('support.field.department')}>
				<select
					id={ids.department}
					name="department"
					value={values.department}
					onChange={(event) => set('department', event.target.value)}
					className={fieldClass}
				>
					{departments.map((department) => (
						<option key={department} value={department}>
							{t(`support.department.${department}`)}
						</option>
					))}
				</select>
			</Field>
			<Field id={ids.service} label={t('support.field.service')}>
				<select
					id={ids.service}
					name="service"
					value={values.serviceId ?? ''}
					onChange={(event) => set('serviceId', event.target.value)}
					className={fieldClass}
				>
					<option value="">{t('support.field.noService')}</option>
					{services.map((service) => (
						<option key={service.id} value={service.id}>
							{serviceName(service, t)}
						</option>
					))}
				</select>
			</Field>
		</div>
	);
}
