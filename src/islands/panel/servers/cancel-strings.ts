/** The UI strings the cancel page ships: its own, the offers', and the refusals it may show. */
const exact = [
	'panel.error.generic',
	'panel.error.retry',
	'panel.loading',
	'panel.service.pendingCancellation',
	'invoice.type.vps',
	'billing.payWith',
	'vps.page.back',
] as const;

const prefixes = [
	'cancelFlow.',
	'retention.',
	'services.cancel.error.',
	'services.pause.error.',
	'panel.service.status.',
	'cycle.',
	'checkout.method.',
	'moneyBack.',
	'services.refund.error.',
];

export function cancelKeys(dictionary: Record<string, string>): string[] {
	return [
		...exact,
		...Object.keys(dictionary).filter((key) => prefixes.some((prefix) => key.startsWith(prefix))),
	];
}
