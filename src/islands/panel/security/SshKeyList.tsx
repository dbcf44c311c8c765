import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { fill } from '../../../lib/fill';
import {
	$sshKeyBusy,
	$sshKeyError,
	$sshKeys,
	addSshKey,
	deleteSshKey,
	loadSshKeys,
} from '../../../stores/ssh-keys';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2.5 text-neutral-100';

interface Props {
	locale: string;
	strings: Record<string, string>;
	/** Shown when the list cannot be read (the network, the site). */
	fallback: string;
}

/** The customer's saved SSH keys: listed with their fingerprints, added under a name, deleted. */
export default function SshKeyList({ locale, strings: s, fallback }: Props) {
	const loaded = useStore($sshKeys);
	const error = useStore($sshKeyError);
	const busy = useStore($sshKeyBusy);
	const [name, setName] = useState('');
	const [publicKey, setPublicKey] = useState('');
	useEffect(() => void loadSshKeys(fallback), [fallback]);
	const submit = async (event: { preventDefault(): void }) => {
		event.preventDefault();
		if (await addSshKey({ name, publicKey, locale })) {
			setName('');
			setPublicKey('');
		}
	};
	const keys = loaded.state === 'ready' ? loaded.data.keys : [];
	return (
		<div className="flex flex-col gap-4" data-ssh-keys>
			{loaded.state === 'error' && <p className="text-red-300">{loaded.message}</p>}
			{loaded.state === 'ready' && keys.length === 0 && (
				<p className="text-neutral-300">{s['sshKeys.empty']}</p>
			)}
			<ul className="flex flex-col gap-2">
				{keys.map((key) => (
					<li key={key.id} className="flex flex-wrap items-center gap-3" data-ssh-key={key.name}>
						<span className="font-semibold text-white">{key.name}</span>
						<code className="text-xs text-neutral-400">{key.fingerprint}</code>
						<button
							type="button"
							className="btn btn-secondary"
							disabled={busy}
							onClick={() => void deleteSshKey(key.id, locale)}
						>
							{fill(s['sshKeys.delete'] ?? '', { name: key.name })}
						</button>
					</li>
				))}
			</ul>
			<form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
				<label className="flex flex-col gap-1">
					<span className="text-neutral-200">{s['sshKeys.name']}</span>
					<input
						className={field}
						value={name}
						maxLength={60}
						onChange={(e) => setName(e.currentTarget.value)}
						name="name"
					/>
				</label>
				<label className="flex flex-col gap-1">
					<span className="text-neutral-200">{s['sshKeys.key']}</span>
					<textarea
						className={`${field} font-mono text-sm`}
						rows={3}
						value={publicKey}
						onChange={(e) => setPublicKey(e.currentTarget.value)}
						name="publicKey"
					/>
				</label>
				<div aria-live="polite">{error && <p className="text-red-300">{error}</p>}</div>
				<div>
					<button type="submit" className="btn btn-primary" disabled={busy}>
						{s['sshKeys.add']}
					</button>
				</div>
			</form>
		</div>
	);
}
