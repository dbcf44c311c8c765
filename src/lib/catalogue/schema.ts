import { z } from 'zod';

/**
 * The shape of the catalogue files under content/catalogue. The build validates them with these
 * schemas (a wrong price fails it, naming the file and the field); the browser only gets the data.
 */
import { currencies, type Currency } from '../domain/currency';
import { billingCycleIdSchema } from '../domain/billing-cycle';
import { productTypeSchema, tierSchema } from '../domain/product';

/** An amount in minor units (cents, øre): a whole number, never a binary fraction. */
const minor = z.number().int().min(0);
const perCurrency = <T extends z.ZodType>(value: T) =>
	z.object(Object.fromEntries(currencies.map((c) => [c, value])) as Record<Currency, T>).strict();

export const planSchema = z
	.object({
		id: z.string().regex(/^[a-z0-9-]+$/),
		product: productTypeSchema,
		game: z.string().optional(),
		tier: tierSchema,
		cpuModel: z.string().min(1),
		startingRam: z.number().int().positive(),
		maxRam: z.number().int().positive(),
		ramStep: z.number().int().positive(),
		/** Backups kept for a game server: the panel's `feature_limits.backups`. */
		backups: z.number().int().min(1).max(50).optional(),
		prices: perCurrency(z.object({ base: minor, increment: minor }).strict()),
		vps: z
			.object({
				baseCores: z.number().int().positive(),
				coreIncrement: z.number().int().min(0),
				baseStorageGb: z.number().int().positive(),
				storageIncrementGb: z.number().int().min(0),
				bandwidth: z.string().min(1),
			})
			.strict()
			.optional(),
	})
	.strict()
	.refine((plan) => plan.maxRam >= plan.startingRam, 'maxRam is below startingRam')
	.refine(
		(plan) => (plan.maxRam - plan.startingRam) % plan.ramStep === 0,
		'maxRam is not reachable in steps of ramStep',
	)
	.refine(
		(plan) => (plan.product === 'game') === !!plan.game,
		'a game plan names its game, a VPS plan none',
	)
	.refine((plan) => (plan.product === 'vps') === !!plan.vps, 'a VPS plan has its vps specs')
	.refine(
		(plan) => (plan.product === 'game') === (plan.backups !== undefined),
		'a game plan says how many backups it includes, a VPS plan none',
	);

export const storageOptionSchema = z
	.object({ gb: z.number().int().positive(), prices: perCurrency(minor) })
	.strict();

export const extraSchema = z
	.object({
		id: z.enum(['modpackInstallation', 'subDomain']),
		games: z.union([z.literal('all'), z.array(z.string()).min(1)]),
		prices: perCurrency(minor),
	})
	.strict();

export const billingCycleSchema = z
	.object({
		id: billingCycleIdSchema,
		months: z.number().int().positive(),
		discountPercent: z.number().min(0).max(100),
	})
	.strict();

export const vatRatesSchema = z
	.object({
		rates: z.record(z.string().regex(/^[A-Z]{2}$/), z.number().min(0).max(100)),
		default: z.number().min(0).max(100),
	})
	.strict();

export type Plan = z.infer<typeof planSchema>;
export type StorageOption = z.infer<typeof storageOptionSchema>;
export type Extra = z.infer<typeof extraSchema>;
export type ExtraId = Extra['id'];
export type BillingCycle = z.infer<typeof billingCycleSchema>;
export type BillingCycleId = BillingCycle['id'];
export type VatRates = z.infer<typeof vatRatesSchema>;
