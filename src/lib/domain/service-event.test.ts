import { describe, expect, it } from 'vitest';
import { isDictionaryKey } from '../../i18n';
import { serviceEvents } from './service-event';

describe('server activity events', () => {
	it('each have a label for the activity list', () => {
		expect(serviceEvents.filter((event) => !isDictionaryKey(`servers.event.${event}`))).toEqual([]);
	});
});
