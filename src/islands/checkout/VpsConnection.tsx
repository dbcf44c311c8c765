import { useState } from 'react';
import { fill } from '../../lib/fill';
import type { OrderVps } from '../../lib/order-status';
import type { VpsStrings } from './vps-strings';

interface Props {
	vps: OrderVps;
	/** The generated password, when this page was the one to receive it. */
	password: string | null;
	strings: VpsStrings;
}

/**
 * A running VPS on its order page: its addresses, name, image and user, how to connect (SSH, or
 * Remote Desktop for Windows), and the generated password the one time it is shown.
 */
export default function VpsConnection({ vps, password, strings: s }: Props) {
	const [copied, setCopied] = useState(false);
	const address = vps.ipv4 ?? vps.ipv6 ?? '';
	const rows: [string, string | null][] = [
		[s['order.vps.ipv4'], vps.ipv4],
		[s['order.vps.ipv6'], vps.ipv6],
		[s['order.vps.name'], vps.name],
		[s['order.vps.hostname'], vps.hostname],
		[s['order.vps.image'], vps.imageName],
		[s['order.vps.user'], vps.user],
	];
	const copy = () =>
		void navigator.clipboard
			?.writeText(password ?? '')
			.then(() => setCopied(true))
			.catch(() => setCopied(false));
	return (
		<div className="mt-6 flex flex-col gap-4" data-vps-connection>
			<dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-neutral-100">
				{rows
					.filter(([, value]) => value)
					.map(([label, value]) => (
						<div key={label} className="contents">
							<dt className="text-neutral-300">{label}</dt>
							<dd className="font-mono break-all" data-vps-field={label}>
								{value}
							</dd>
						</div>
					))}
			</dl>
			<div>
				<h2 className="font-semibold text-white">{s['order.vps.connect']}</h2>
				{vps.os === 'windows' ? (
					<p className="text-neutral-100">
						{fill(s['order.vps.rdp'], { address, user: vps.user })}
					</p>
				) : (
					<>
						<p className="text-neutral-100">{s['order.vps.ssh']}</p>
						<pre className="mt-1 rounded bg-neutral-900 p-3 font-mono text-emerald-300">
							<code data-vps-ssh>{`ssh ${vps.user}@${address}`}</code>
						</pre>
					</>
				)}
			</div>
			{vps.access === 'keys' && <p className="text-neutral-100">{s['order.vps.keys']}</p>}
			{vps.access === 'password' && password && (
				<div className="rounded border border-amber-400 p-4" data-vps-password>
					<p className="font-semibold text-white">{s['order.vps.password']}</p>
					<div className="mt-2 flex flex-wrap items-center gap-3">
						<code className="font-mono text-lg text-amber-200 select-all" data-vps-password-value>
							{password}
						</code>
						<button type="button" className="btn btn-secondary" onClick={copy}>
							{copied ? s['order.vps.copied'] : s['order.vps.copy']}
						</button>
					</div>
					<p role="note" className="mt-2 text-amber-100">
						{s['order.vps.passwordOnce']}
					</p>
				</div>
			)}
			{vps.access === 'password' && !password && (
				<p className="text-neutral-300" data-vps-password-gone>
					{s['order.vps.passwordGone']}
				</p>
			)}
		</div>
	);
}
