import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n';
import { localeCodes } from '../../i18n/locales';
import { softwareInstallErrors } from '../../lib/domain/software-change';
import { modpackRefusalCodes, softwareRefusalResponse, type SoftwareRefusal } from './refusals';

const id = 'c0ffee00-0000-4000-8000-000000000102';

async function answer(refusal: SoftwareRefusal, locale: 'en' | 'no' | 'da' | 'de' = 'en') {
	const response = softwareRefusalResponse(refusal, locale);
	const body = (await response.json()) as { error: Record<string, unknown> & { message: string } };
	return { status: response.status, error: body.error };
}

describe('a refused software change, in the customer’s words', () => {
	it('gives each refusal and each failure its words in all four languages', () => {
		const keys = [
			...Object.values(modpackRefusalCodes).map((code) => `software.error.${code}`),
			...['not_minecraft', 'install_running', 'software_unknown', 'no_modpack'].map(
				(code) => `software.error.${code}`,
			),
			'software.error.modpack_source_unavailable',
			'software.error.modpack_extra_required',
			'software.error.modpack_needs_ram',
			'software.error.modpack_needs_ram_max',
			...softwareInstallErrors.map((error) => `software.failure.${error}`),
		];
		for (const locale of localeCodes)
			expect(
				keys.filter((key) => !dictionaries[locale][key]),
				locale,
			).toEqual([]);
	});

	it('answers each with its status and code', async () => {
		const cases: [SoftwareRefusal, number][] = [
			['not_minecraft', 422],
			['install_running', 409],
			['software_unknown', 400],
			['no_modpack', 409],
			['modpack_not_found', 404],
			['modpack_not_modpack', 422],
			['modpack_no_server_pack', 422],
			['modpack_unsupported_loader', 422],
			['modpack_bad_pack', 422],
			['modpack_source_unavailable', 503],
			['not_found', 404],
			['suspended', 409],
			['panel_unavailable', 503],
		];
		for (const [refusal, status] of cases)
			expect(await answer(refusal)).toMatchObject({ status, error: { code: refusal } });
	});

	it('offers the upgrade with the extra chosen, on the reader’s language’s page', async () => {
		const { status, error } = await answer({ code: 'modpack_extra_required', serviceId: id }, 'no');
		expect(status).toBe(402);
		expect(error).toEqual({
			code: 'modpack_extra_required',
			message: dictionaries.no['software.error.modpack_extra_required'],
			upgradeUrl: `/no/panel/game-servers/upgrade/${id}?extra=modpackInstallation`,
		});
	});

	it('names the pack’s RAM and the server’s, and the upgrade to the size that fits', async () => {
		const refusal = {
			code: 'modpack_needs_ram',
			serviceId: id,
			recommendedRamGb: 7,
			ramGb: 4,
			fitsRamGb: 8,
			maxRamGb: 16,
		} as const;
		const { status, error } = await answer(refusal, 'de');
		expect(status).toBe(422);
		expect(error).toMatchObject({
			code: 'modpack_needs_ram',
			recommendedRamGb: 7,
			ramGb: 4,
			upgradeUrl: `/de/panel/game-servers/upgrade/${id}?ram=8`,
		});
		expect(error.message).toContain('7 GB');
		expect(error.message).toContain('4 GB');
		const tooBig = await answer({ ...refusal, recommendedRamGb: 24, fitsRamGb: null });
		expect(tooBig.error).toMatchObject({ upgradeUrl: null });
		expect(tooBig.error.message).toContain('(16 GB)');
	});

	it('answers a backup the panel refused as the backups do', async () => {
		const { status, error } = await answer({ refused: 'backup_limit', limit: 3 }, 'da');
		expect(status).toBe(409);
		expect(error).toMatchObject({ code: 'backup_limit', limit: 3 });
		expect(error.message).toContain('3');
	});
});
