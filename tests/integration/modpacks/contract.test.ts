import { createEmbeddedSource } from '../../../src/server/modpacks/embedded.ts';
import { getModpackSource } from '../../../src/server/modpacks/index.ts';
import { testCatalogue } from './catalogue.ts';
import { startFakeModrinth } from './fake-modrinth/index.ts';
import { modpackContract } from './suite.ts';

// One contract, both sources, one catalogue: the embedded source over it, and the Modrinth adapter
// (got as production gets it, from the settings) over the fake Modrinth serving it as real
// `.mrpack` files.

modpackContract('embedded', () =>
	Promise.resolve({
		source: createEmbeddedSource(testCatalogue),
		kind: 'embedded',
		knowsRam: true,
		close: () => Promise.resolve(),
	}),
);

modpackContract('Modrinth (against the fake Modrinth)', async () => {
	const fake = await startFakeModrinth(testCatalogue);
	return {
		source: getModpackSource({ MODPACK_SOURCE: 'modrinth', MODRINTH_API_URL: fake.apiUrl }),
		kind: 'modrinth',
		knowsRam: false,
		close: () => fake.close(),
	};
});
