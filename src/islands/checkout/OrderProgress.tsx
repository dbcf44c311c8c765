import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $order, followOrder, retryPayment, stageOf } from '../../stores/order';
import { fill } from '../../lib/fill';
import { serverPages } from '../../lib/routes';
import { unpaidMessage, type ProgressStrings } from './progress-strings';
import VpsConnection from './VpsConnection';
import { vpsStepKeys } from './vps-strings';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';
import { optionLabel, type LocationOption } from '../../lib/locations/option';

interface Props {
	orderId: string;
	locale: string;
	/** '' for English, '/no', '/da', '/de': before the panel's paths. */
	prefix: string;
	supportPath: string;
	cancelled: boolean;
	methods: Record<string, PaymentMethodKind[]>;
	strings: ProgressStrings;
	/** The locations' names in the page's language, to say where the server runs. */
	locations: LocationOption[];
}

const stages = ['paid', 'settingUp', 'installing', 'running'] as const;

/**
 * The order after the gateway's page: live progress from payment to a running server, read from
 * the server (so it is right after a reload, on another device, or before the webhook arrives).
 */
export default function OrderProgress(props: Props) {
	const { orderId, locale, prefix, supportPath, cancelled, methods, strings: s, locations } = props;
	const order = useStore($order);
	useEffect(() => followOrder(orderId), [orderId]);
	const stage = stageOf(order.status);
	if (!order.status) return <p className="text-neutral-200">{s['checkout.complete.waiting']}</p>;
	const { invoice, service } = order.status;
	if (stage === 'unpaid') {
		const reason = invoice.lastPaymentError;
		return (
			<div className="card flex flex-col gap-4" data-order-stage="unpaid">
				<p role="status" className="text-neutral-100">
					{unpaidMessage({ reason, cancelled }, s)}
				</p>
				{(reason || cancelled) && (
					<div className="flex flex-wrap gap-3">
						{(methods[invoice.currency] ?? []).map((method) => (
							<button
								key={method}
								type="button"
								className="btn btn-primary"
								onClick={() => void retryPayment(orderId, method, locale)}
							>
								{s['checkout.complete.retry']} ({s[`checkout.method.${method}`]})
							</button>
						))}
					</div>
				)}
				{order.error && (
					<p role="alert" className="text-red-200">
						{order.error}
					</p>
				)}
			</div>
		);
	}
	if (stage === 'delayed' || stage === 'refunded' || stage === 'soldOut') {
		return (
			<div className="card" data-order-stage={stage}>
				<p role="status" className="text-neutral-100">
					{s[`checkout.complete.${stage}`]}
				</p>
				<a className="btn btn-secondary mt-4" href={supportPath}>
					{s['checkout.complete.support']}
				</a>
			</div>
		);
	}
	const reached = (stages as readonly string[]).indexOf(stage);
	const where = locations.find((option) => option.id === order.status?.location);
	const label = (step: (typeof stages)[number]) =>
		service.vps ? s[vpsStepKeys[step]] : s[`checkout.complete.${step}` as const];
	return (
		<div className="card" data-order-stage={stage}>
			<ol className="flex flex-col gap-3">
				{stages.map((step, i) => (
					<li
						key={step}
						className={i <= reached ? 'font-semibold text-emerald-300' : 'text-neutral-300'}
						aria-current={i === reached ? 'step' : undefined}
					>
						{i < reached || stage === 'running' ? '✓ ' : i === reached ? '… ' : ''}
						{label(step)}
					</li>
				))}
			</ol>
			{where && (
				<p className="mt-4 text-neutral-200" data-order-location={where.id}>
					<img src={where.flag} alt="" className="mr-1 inline h-3" />
					{fill(s['checkout.complete.location'], { location: optionLabel(where) })}
				</p>
			)}
			{stage === 'running' && service.vps && (
				<>
					<VpsConnection vps={service.vps} password={order.vpsPassword} strings={s} />
					<a
						className="btn btn-primary mt-6"
						href={`${prefix}${serverPages({ type: 'vps', id: service.id }).page}`}
					>
						{s['order.vps.manage']}
					</a>
				</>
			)}
			{stage === 'running' && !service.vps && service.address && (
				<div className="mt-6">
					<p className="text-white" data-server-address>
						{fill(s['checkout.complete.address'], { address: service.address })}
					</p>
					<a
						className="btn btn-primary mt-4"
						href={`${prefix}${serverPages({ type: 'game', id: service.id }).page}`}
					>
						{s['checkout.complete.manage']}
					</a>
				</div>
			)}
		</div>
	);
}
