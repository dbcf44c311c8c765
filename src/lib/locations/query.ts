import { findPlan } from '../catalogue';
import { productTypes, type ProductType } from '../domain/product';
import { serverSize, smallestSize, type ServerSize, type SizeRefusal } from './plan-size';

export type LocationsQueryRefusal = SizeRefusal | 'unknown_product';

/** Per product asked about, the size a location must have room for. */
export type SizesAsked = Partial<Record<ProductType, ServerSize>>;

const wholeNumber = (text: string | null) =>
	text === null ? null : /^\d{1,4}$/.test(text) ? Number(text) : NaN;

/**
 * What `GET /api/locations?product=&plan=&ram=&storage=` asks: with a plan, room for that plan
 * (at `ram` GB and, for a game server, `storage` GB, else its smallest); with only a product,
 * room for that product's smallest plan; with neither, for each product's smallest plan. A
 * product or plan the catalogue does not sell, a RAM or storage it does not offer for the plan,
 * a plan of another product and a RAM or storage without a plan are refused.
 */
export function sizesAsked(params: URLSearchParams): SizesAsked | LocationsQueryRefusal {
	const productParam = params.get('product');
	const product = productTypes.find((type) => type === productParam);
	if (productParam !== null && !product) return 'unknown_product';
	const planId = params.get('plan');
	const ram = wholeNumber(params.get('ram'));
	const storage = wholeNumber(params.get('storage'));
	if (planId === null) {
		if (ram !== null || storage !== null) return 'unknown_plan';
		const products = product ? [product] : productTypes;
		return Object.fromEntries(products.map((type) => [type, smallestSize(type)]));
	}
	const plan = findPlan(planId);
	if (!plan || (product && plan.product !== product)) return 'unknown_plan';
	const size = serverSize(plan, ram ?? undefined, storage);
	return typeof size === 'string' ? size : { [plan.product]: size };
}
