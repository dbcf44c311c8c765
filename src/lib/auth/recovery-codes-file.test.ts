import { describe, expect, it } from 'vitest';
import { recoveryCodesFile } from './recovery-codes-file';

describe('recoveryCodesFile', () => {
	it('names the shop and account, then the codes one a line, then what they are for', () => {
		const file = recoveryCodesFile(['ABCDE-FGHJK', 'MNPQR-STUVW'], 'kari@example.com', {
			heading: 'Your recovery codes',
			explain: 'Each code signs you in once.',
		});
		expect(file.split('\n')).toEqual([
			'Frostnode: Your recovery codes',
			'kari@example.com',
			'',
			'ABCDE-FGHJK',
			'MNPQR-STUVW',
			'',
			'Each code signs you in once.',
			'',
		]);
	});
});
