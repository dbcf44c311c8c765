import { randomUUID } from 'node:crypto';
import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import { localizePath, type Locale } from '../../i18n';
import { isUuid } from '../../lib/uuid';
import { routes } from '../../lib/routes';
import { getPaymentGateway } from '../payments';
import type { AdminClient } from '../supabase/admin-client';
import { listPaymentMethods } from './queries';
import { logger } from '../log/logger';

// What a customer changes about their saved cards: add one on the gateway's page (no payment),
// choose the default, remove one. The database functions decide under a lock; this module talks
// to the gateway around them.

/** A gateway page where the customer saves a card; the card itself arrives by webhook. */
export async function startCardSetup(
	admin: AdminClient,
	customer: User,
	context: { origin: string; locale: Locale },
): Promise<string> {
	const gateway = getPaymentGateway();
	const { data: profile } = await admin
		.from('profiles')
		.select('first_name, last_name, stripe_customer_id')
		.eq('id', customer.id)
		.maybeSingle();
	const known = profile?.stripe_customer_id ?? null;
	const back = new URL(localizePath(routes.paymentMethods, context.locale), context.origin).href;
	const session = await gateway.createCardSetup({
		customer: {
			profileId: customer.id,
			email: customer.email ?? '',
			name: `${profile?.first_name ?? ''} ${profile?.last_name ?? ''}`.trim(),
			gatewayCustomerId: known,
		},
		locale: context.locale,
		successUrl: `${back}?added=1`,
		cancelUrl: back,
		// Each request is a new page: nothing is charged, so a double click costs an unused page.
		idempotencyKey: `card-setup-${customer.id}-${randomUUID()}`,
	});
	// As a payment does: the customer Stripe made for this profile is the one renewals charge.
	if (gateway.name === 'stripe' && session.gatewayCustomerId && session.gatewayCustomerId !== known)
		await admin
			.from('profiles')
			.update({ stripe_customer_id: session.gatewayCustomerId })
			.eq('id', customer.id);
	return session.url;
}

export async function setDefaultCard(
	admin: AdminClient,
	userId: string,
	methodId: string,
): Promise<'ok' | 'not_found'> {
	if (!isUuid(methodId)) return 'not_found';
	const { data, error } = await admin.rpc('set_default_payment_method', {
		customer: userId,
		method: methodId,
	});
	if (error) throw new Error(`set_default_payment_method: ${error.message}`);
	return data ? 'ok' : 'not_found';
}

export type RemoveOutcome = 'ok' | 'not_found' | 'needed_for_renewal' | 'unavailable';

/** What `remove_payment_method` answers (text, 20261125110000_saved_cards.sql). */
const removedSchema = z.enum(['removed', 'not_found', 'needed_for_renewal']);

/** Removals per customer in this process, one after the other (see removeCard). */
const removing = new Map<string, Promise<unknown>>();

/**
 * Removes a card here and at the gateway. The gateway goes first, so a gateway that cannot be
 * reached leaves everything as it was; the rule is checked before that too, so a card the rule
 * keeps is never detached. Removals of one customer run one at a time, so the second sees what
 * the first left; remove_payment_method checks the rule again under its lock, for removals
 * through other site servers.
 */
export function removeCard(
	admin: AdminClient,
	userId: string,
	methodId: string,
	now: Date,
): Promise<RemoveOutcome> {
	const previous = removing.get(userId) ?? Promise.resolve();
	const run = previous.then(() => removeNow(admin, userId, methodId, now));
	const settled = run.catch(() => undefined);
	removing.set(userId, settled);
	void settled.then(() => removing.get(userId) === settled && removing.delete(userId));
	return run;
}

async function removeNow(
	admin: AdminClient,
	userId: string,
	methodId: string,
	now: Date,
): Promise<RemoveOutcome> {
	if (!isUuid(methodId)) return 'not_found';
	const { data: card, error } = await admin
		.from('payment_methods')
		.select('gateway, gateway_reference')
		.eq('id', methodId)
		.eq('user_id', userId)
		.maybeSingle();
	if (error) throw new Error(`payment_methods: ${error.message}`);
	if (!card) return 'not_found';
	const { methods, renewalNeedsCard } = await listPaymentMethods(admin, userId, now);
	if (methods.length === 1 && renewalNeedsCard) return 'needed_for_renewal';
	const gateway = getPaymentGateway();
	// A card saved by the other gateway (a test card after Stripe was set up) is unknown to this one.
	if (card.gateway === gateway.name) {
		try {
			await gateway.detachMethod(card.gateway_reference);
		} catch (failure) {
			logger.error('card not detached at the gateway', { gateway: gateway.name, error: failure });
			return 'unavailable';
		}
	}
	const { data: outcome, error: failed } = await admin.rpc('remove_payment_method', {
		customer: userId,
		method: methodId,
	});
	if (failed) throw new Error(`remove_payment_method: ${failed.message}`);
	const removed = removedSchema.parse(outcome);
	return removed === 'removed' ? 'ok' : removed;
}
