import { describe, expect, it } from 'vitest';
import { readPaymentConfig } from './config';
import { PaymentConfigError } from './errors';
import { getPaymentGateway } from './index';

const serviceKey = 'eyJhbGciOiJIUzI1NiJ9.service-role.signature';

describe('readPaymentConfig', () => {
	it('chooses Stripe when a secret key is set, with every endpoint secret', () => {
		expect(
			readPaymentConfig({
				STRIPE_SECRET_KEY: 'sk_test_abc',
				STRIPE_WEBHOOK_SECRET: 'whsec_live, whsec_test',
			}),
		).toEqual({
			gateway: 'stripe',
			secretKey: 'sk_test_abc',
			webhookSecrets: ['whsec_live', 'whsec_test'],
		});
	});

	it.each([
		[{ STRIPE_SECRET_KEY: 'sk_test_abc' }, /STRIPE_WEBHOOK_SECRET is not set/],
		[{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, /secret key/],
		[{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'abc' }, /whsec_/],
		// Half a Stripe setup must never quietly become the test gateway, which gives things away.
		[{ STRIPE_WEBHOOK_SECRET: 'whsec_x', SUPABASE_SERVICE_ROLE_KEY: serviceKey }, /set both/],
		[{}, /TEST_GATEWAY_SECRET or SUPABASE_SERVICE_ROLE_KEY/],
		[{ TEST_GATEWAY_SECRET: 'too-short' }, /at least 32/],
	])('refuses %j', (env, message) => {
		expect(() => readPaymentConfig(env)).toThrow(PaymentConfigError);
		expect(() => readPaymentConfig(env)).toThrow(message);
	});

	it('derives a per-install test secret from the service key, never the key itself', () => {
		const one = readPaymentConfig({ SUPABASE_SERVICE_ROLE_KEY: serviceKey });
		const other = readPaymentConfig({ SUPABASE_SERVICE_ROLE_KEY: `${serviceKey}x` });
		expect(one).toMatchObject({ gateway: 'test', secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
		expect(one).not.toEqual(other);
		expect(JSON.stringify(one)).not.toContain(serviceKey);
		expect(readPaymentConfig({ SUPABASE_SERVICE_ROLE_KEY: serviceKey })).toEqual(one);
	});

	it('prefers an explicit TEST_GATEWAY_SECRET', () => {
		const own = 'x'.repeat(40);
		expect(
			readPaymentConfig({ TEST_GATEWAY_SECRET: own, SUPABASE_SERVICE_ROLE_KEY: serviceKey }),
		).toEqual({ gateway: 'test', secret: own });
	});
});

describe('getPaymentGateway', () => {
	it('picks by configuration and keeps one gateway per configuration', () => {
		const test = getPaymentGateway({ SUPABASE_SERVICE_ROLE_KEY: serviceKey });
		expect(test.name).toBe('test');
		expect(getPaymentGateway({ SUPABASE_SERVICE_ROLE_KEY: serviceKey })).toBe(test);
		const stripe = getPaymentGateway({
			STRIPE_SECRET_KEY: 'sk_test_abc',
			STRIPE_WEBHOOK_SECRET: 'whsec_x',
		});
		expect(stripe.name).toBe('stripe');
		expect(stripe.methodsFor('USD')).toEqual(['card', 'paypal']);
	});

	it('gives a gateway whose calls name the missing setting when configured wrongly', async () => {
		const broken = getPaymentGateway({ STRIPE_SECRET_KEY: 'sk_test_abc' });
		expect(broken.name).toBe('stripe');
		await expect(broken.parseWebhook('{}', new Headers())).rejects.toThrow(PaymentConfigError);
		await expect(broken.parseWebhook('{}', new Headers())).rejects.toThrow(/STRIPE_WEBHOOK_SECRET/);
	});
});
