import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fill } from '../../../lib/fill';
import { splitSshKeys } from '../../../lib/vps/choice';
import { $reinstall, reinstall } from '../../../stores/vps-reinstall';
import OneTimePassword from './OneTimePassword';
import { ReinstallImagePicker, type ReinstallImage } from './ReinstallImagePicker';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2.5 text-neutral-100';

export interface SavedKey {
	id: string;
	name: string;
	fingerprint: string;
	publicKey: string;
}

interface Props {
	serviceId: string;
	hostname: string;
	memoryGb: number;
	images: ReinstallImage[];
	/** What the machine runs now: the form starts from it, so a second reinstall keeps it. */
	current: { image: string; sshKeys: string[] };
	savedKeys: SavedKey[];
	/** Signed in within the hour: otherwise the form says why it is off. */
	privileged: boolean;
	locale: string;
	strings: Record<string, string>;
}

/**
 * Reinstall with any image the configurator would offer at this size (too little RAM: disabled,
 * saying why), saved keys to tick or keys to paste, what the customer signs in with afterwards,
 * the warning, and the hostname typed to confirm. It starts from the image and keys the machine
 * has now, never from the list's first image: a reinstall changes only what the customer changes.
 */
export default function ReinstallForm(props: Props) {
	const { strings: s, images, hostname, current } = props;
	const outcome = useStore($reinstall);
	const fits = (option: ReinstallImage) => option.minRamGb <= props.memoryGb;
	const start = images.find((i) => i.id === current.image && fits(i)) ?? images.find(fits);
	const [image, setImage] = useState(start?.id ?? '');
	const [picked, setPicked] = useState<string[]>(() =>
		props.savedKeys.filter((k) => current.sshKeys.includes(k.publicKey.trim())).map((k) => k.id),
	);
	const [pasted, setPasted] = useState(() =>
		current.sshKeys
			.filter((key) => !props.savedKeys.some((k) => k.publicKey.trim() === key))
			.join('\n'),
	);
	const [confirm, setConfirm] = useState('');
	const chosen = images.find((i) => i.id === image);
	const windows = chosen?.os === 'windows';
	const keys = windows
		? []
		: [
				...props.savedKeys.filter((k) => picked.includes(k.id)).map((k) => k.publicKey),
				...splitSshKeys(pasted),
			];
	const ready = props.privileged && confirm.trim().toLowerCase() === hostname && image !== '';
	const submit = (event: { preventDefault(): void }) => {
		event.preventDefault();
		if (!ready) return;
		void reinstall(
			props.serviceId,
			{ image, sshKeys: keys, confirm, locale: props.locale },
			s['vps.reinstall.error.network'] ?? '',
		);
	};
	const done = outcome.state === 'done' ? outcome.data : null;
	return (
		<form className="flex flex-col gap-4" onSubmit={submit} data-vps-reinstall>
			{!props.privileged && <p className="text-amber-200">{s['vps.reinstall.privileged']}</p>}
			<ReinstallImagePicker
				images={images}
				value={image}
				onChange={setImage}
				current={current.image}
				memoryGb={props.memoryGb}
				strings={s}
			/>
			{!windows && (
				<fieldset className="flex flex-col gap-2">
					<legend className="text-neutral-200">{s['vps.reinstall.keys']}</legend>
					<p className="text-sm text-neutral-300">{s['vps.reinstall.keysHint']}</p>
					{props.savedKeys.map((key) => (
						<label key={key.id} className="flex items-center gap-2 text-neutral-100">
							<input
								type="checkbox"
								checked={picked.includes(key.id)}
								onChange={(e) =>
									setPicked(
										e.currentTarget.checked
											? [...picked, key.id]
											: picked.filter((id) => id !== key.id),
									)
								}
							/>
							<span>{key.name}</span>
							<code className="text-xs text-neutral-400">{key.fingerprint}</code>
						</label>
					))}
					<textarea
						className={`${field} font-mono text-sm`}
						rows={3}
						value={pasted}
						onChange={(e) => setPasted(e.currentTarget.value)}
						aria-label={s['vps.reinstall.keys']}
						name="sshKeys"
					/>
				</fieldset>
			)}
			{chosen && (
				<p className="text-neutral-100" data-reinstall-outcome>
					{fill(
						s[
							windows
								? 'vps.reinstall.outcome.windows'
								: keys.length
									? 'vps.reinstall.outcome.keys'
									: 'vps.reinstall.outcome.password'
						] ?? '',
						{ user: chosen.user, count: keys.length },
					)}
				</p>
			)}
			<p className="rounded border border-red-400 p-3 text-red-200" role="note">
				{s['vps.reinstall.warning']}
			</p>
			<label className="flex flex-col gap-1">
				<span className="text-neutral-200">
					{fill(s['vps.reinstall.confirm'] ?? '', { hostname })}
				</span>
				<input
					className={`${field} font-mono`}
					value={confirm}
					onChange={(e) => setConfirm(e.currentTarget.value)}
					autoComplete="off"
					name="confirm"
				/>
			</label>
			<button
				type="submit"
				className="btn btn-primary"
				disabled={!ready || outcome.state === 'busy'}
			>
				{outcome.state === 'busy' ? s['vps.reinstall.working'] : s['vps.reinstall.submit']}
			</button>
			<div aria-live="polite">
				{outcome.state === 'error' && <p className="text-red-300">{outcome.message}</p>}
				{done && (
					<div className="flex flex-col gap-3" data-vps-reinstalled>
						<p className="text-emerald-300">
							{fill(s['vps.reinstall.done'] ?? '', {
								image: images.find((i) => i.id === done.image)?.name ?? done.image,
							})}
						</p>
						{done.password ? (
							<OneTimePassword
								label={fill(s['vps.password.shownOnce'] ?? '', { user: done.user })}
								password={done.password}
								copy={s['vps.password.copy'] ?? ''}
								copied={s['vps.password.copied'] ?? ''}
							/>
						) : (
							<p className="text-neutral-100">
								{fill(s['vps.reinstall.keysDone'] ?? '', { user: done.user })}
							</p>
						)}
					</div>
				)}
			</div>
		</form>
	);
}
