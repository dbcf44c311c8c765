import { useId } from 'react';
import type { Locale } from '../../../i18n/locales';
import { referralParam } from '../../../lib/affiliate/referral';
import { fill } from '../../../lib/fill';
import { referralLinks } from '../../../stores/affiliate';
import type { PanelTools } from '../shared/context';
import { CopyField } from './CopyField';

/** The affiliate's code and links to share: the home page, a game page and the VPS page. */
export function ReferralLinks(props: { code: string; locale: Locale; tools: PanelTools }) {
	const { t } = props.tools;
	const heading = useId();
	// Rendered only in the browser (the data arrives after the HTML), where the origin is known.
	const origin = typeof window === 'undefined' ? '' : window.location.origin;
	const links = referralLinks(origin, props.code, props.locale);
	return (
		<section aria-labelledby={heading} className="card flex flex-col gap-4">
			<h2 id={heading} className="text-xl font-bold text-white">
				{t('affiliate.links.heading')}
			</h2>
			<p className="text-neutral-200">
				{t('affiliate.code.label')}{' '}
				<strong className="font-mono text-lg text-white" data-affiliate-code>
					{props.code}
				</strong>
			</p>
			{links.map((link) => (
				<CopyField
					key={link.kind}
					label={t(`affiliate.link.${link.kind}`)}
					value={link.url}
					copy={t('affiliate.copy')}
					copied={t('affiliate.copied')}
					failed={t('affiliate.copyFailed')}
				/>
			))}
			<p className="text-sm text-neutral-300">
				{fill(t('affiliate.links.anyPage'), { suffix: `?${referralParam}=${props.code}` })}
			</p>
		</section>
	);
}
