import { z } from 'zod';
import { startBackend } from '../local-backend.ts';
import { serveSite, stopSite } from '../serve.ts';
import { pglite, type BenchEngine } from './engines.ts';
import { figures, payAndWait, signedInBuyers, type Row } from './buyers.ts';

// "VPS ready in under 10 seconds": 20 buyers order a VPS through POST /api/checkout and press Pay
// on the test gateway together; each is timed until its order answers with the machine running
// and its IPv4 address. Once on the simulated hypervisor with its default step delays (cloning,
// then starting) and once with delays 0 (the site's own share). Each run has a fresh local stack.

const BUYERS = 20;
const PORT = 4395;

const runningSchema = z.object({
	service: z.object({
		status: z.literal('active'),
		vps: z.object({ ipv4: z.string().min(7) }),
	}),
});

const vpsOrder = (key: string, i: number) => ({
	item: {
		planId: 'vps-premium',
		ram: 4,
		storageGb: null,
		extras: [],
		cycle: 'monthly',
		currency: 'EUR',
		vps: { image: 'debian-12', hostname: `bench-${i}`, sshKeys: [benchKey] },
	},
	billing: {
		name: 'Bench Buyer',
		address: 'Storgata 1',
		postcode: '0155',
		city: 'Oslo',
		country: 'NO',
	},
	method: 'card',
	idempotencyKey: key,
	locale: 'en',
});

// An ed25519 public key (32 zero bytes): well formed, never a key anyone holds.
const benchKey = `ssh-ed25519 ${Buffer.concat([
	Buffer.from([0, 0, 0, 11]),
	Buffer.from('ssh-ed25519'),
	Buffer.from([0, 0, 0, 32]),
	Buffer.alloc(32),
]).toString('base64')} bench`;

/** 20 buyers from checkout to a running VPS, on a stack of its own on `engine`. */
export async function payToRunning(
	delayMs: string | undefined,
	name: string,
	engine: BenchEngine = pglite,
): Promise<Row> {
	const origin = `http://127.0.0.1:${PORT}`;
	const backend = await startBackend({
		databaseUrl: await engine.database('vps'),
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		siteUrl: origin,
		rateLimits: { signInsSignUpsPerIp: 1000 },
	});
	const { child } = await serveSite(PORT, {
		...backend.env,
		// The product's own polling (PROVISIONING_POLL_MS unset): the wait a customer really has.
		...(delayMs === undefined ? {} : { HYPERVISOR_SIM_DELAY_MS: delayMs }),
	});
	try {
		const tokens = await signedInBuyers(backend, BUYERS);
		const orders = await Promise.all(
			tokens.map(async (token, i) => {
				const response = await fetch(`${origin}/api/checkout`, {
					method: 'POST',
					headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
					body: JSON.stringify(vpsOrder(`vps-bench-${i}-${Date.now()}`, i)),
				});
				if (response.status !== 201)
					throw new Error(`VPS checkout answered ${response.status}: ${await response.text()}`);
				return z
					.object({ orderId: z.string(), paymentUrl: z.string().nullable() })
					.parse(await response.json());
			}),
		);
		const waits = await Promise.all(
			orders.map((answer, i) =>
				payAndWait(origin, tokens[i]!, answer, (body) => runningSchema.safeParse(body).success),
			),
		);
		return figures(name, BUYERS, waits);
	} finally {
		await stopSite(child);
		await backend.stack?.stop();
	}
}

export async function benchVps(): Promise<Row[]> {
	return [
		await payToRunning(undefined, 'Pay → VPS running with its address (default delays)'),
		await payToRunning('0', 'Pay → VPS running with its address (delays 0)'),
	];
}

if (import.meta.main) console.table(await benchVps());
