import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';

/** The invoice's name and address, as the customer gives them at the checkout. */
export interface Billing {
	name: string;
	address: string;
	postcode: string;
	city: string;
	country: string;
}

// Also all a draft keeps: nothing about payment ever goes into the browser's storage.
const fields = ['name', 'address', 'postcode', 'city', 'country'] as const;
const maxLength = 200; // the billing form's longest field

/** Every field is needed on the invoice. */
export function billingComplete(billing: Billing): boolean {
	return fields.every((field) => billing[field].trim() !== '');
}

/** What a billing address is typed for; each purpose keeps its own draft under its own key. */
export type BillingPurpose = 'checkout';

/** A typed address and the customer who typed it. */
interface Draft {
	owner: string;
	billing: Billing;
}

function pick(source: Record<string, unknown>): Billing | null {
	const billing = {} as Billing;
	for (const field of fields) {
		const value = source[field];
		if (typeof value !== 'string' || value.length > maxLength) return null;
		billing[field] = value;
	}
	return billing;
}

// Storage is the visitor's to edit: anything but a well-formed draft counts as none.
function decode(raw: string): Draft | undefined {
	try {
		const { owner, billing } = JSON.parse(raw) as { owner?: unknown; billing?: unknown };
		const picked = billing && typeof billing === 'object' ? pick(billing as never) : null;
		return typeof owner === 'string' && picked ? { owner, billing: picked } : undefined;
	} catch {
		return undefined;
	}
}

const stores = new Map<BillingPurpose, WritableAtom<Draft | undefined>>();

function storeFor(purpose: BillingPurpose): WritableAtom<Draft | undefined> {
	let store = stores.get(purpose);
	if (!store) {
		// No draft is no key at all (the library deletes a key set to undefined).
		store = persistentAtom<Draft | undefined>(`frostnode:billing-draft:${purpose}`, undefined, {
			encode: JSON.stringify,
			decode,
			listen: false,
		});
		stores.set(purpose, store);
	}
	return store;
}

/**
 * The billing address as last typed, kept in the browser so a reload (or a detour through signing
 * up) does not lose it. It belongs to the customer who typed it: another one signing in on the same
 * browser gets their own profile's address, never this one.
 */
export function billingDraft(purpose: BillingPurpose) {
	const store = storeFor(purpose);
	return {
		store,
		restore(owner: string, fallback: Billing): Billing {
			const draft = store.get();
			return draft?.owner === owner ? draft.billing : fallback;
		},
		save(owner: string, billing: Billing): void {
			if (!owner) return; // before the checkout has started: nobody to keep it for
			const picked = pick(billing as never);
			store.set(picked ? { owner, billing: picked } : undefined);
		},
		clear(): void {
			store.set(undefined);
		},
	};
}
