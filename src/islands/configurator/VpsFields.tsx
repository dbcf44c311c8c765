import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { fill } from '../../lib/fill';
import { maxSshKeys, splitSshKeys } from '../../lib/vps/choice';
import { withKeyLine } from '../../lib/vps/draft';
import type { PublicVpsImage } from '../../lib/vps/images';
import { $sshKeys, loadSshKeys } from '../../stores/ssh-keys';
import type { VpsPart } from '../../stores/configurator-vps';
import OptionGroup from './OptionGroup';
import type { VpsFieldStrings } from './strings';

interface Props {
	part: VpsPart;
	images: readonly PublicVpsImage[];
	ram: number;
	/** Set once "Add to cart" was pressed: every field then says what it still needs. */
	asked: boolean;
	strings: VpsFieldStrings;
}

const fieldClass =
	'w-full max-w-xl rounded-lg border border-neutral-600 bg-neutral-800 px-3 py-2 text-white';

/** A VPS's operating system, hostname and sign-in; the store checks them as they are typed. */
export default function VpsFields({ part: c, images, ram, asked, strings: s }: Props) {
	const draft = useStore(c.$vps);
	const check = useStore(c.$check);
	const ids = { host: useId(), hostHint: useId(), keys: useId(), keysHint: useId() };
	// A signed-in customer's saved keys to tick; signed out, the read fails quietly and none show.
	const saved = useStore($sshKeys);
	useEffect(() => void loadSshKeys(''), []);
	const savedKeys = saved.state === 'ready' ? saved.data.keys : [];
	const typed = splitSshKeys(draft.keysText);
	const image = images.find((candidate) => candidate.id === draft.image);
	const dropped = images.find((candidate) => candidate.id === draft.dropped);
	const windows = image?.os === 'windows';
	const imageProblem = dropped
		? fill(s['vps.configurator.osDropped'], { name: dropped.name, gb: dropped.minRamGb })
		: check.image === 'vps_image_ram' || (asked && check.image)
			? s[`checkout.error.${check.image}`]
			: null;
	const hostProblem =
		(draft.hostname.trim() || asked) && check.hostname
			? check.hostname === 'vps_hostname_required'
				? s['vps.configurator.hostnameRequired']
				: s['checkout.error.vps_hostname_invalid']
			: null;
	const keys = check.keys;
	const keysProblem =
		keys && (draft.keysText.trim() || asked)
			? keys.code === 'vps_ssh_key_invalid'
				? fill(s['vps.configurator.keyInvalid'], { line: keys.line })
				: keys.code === 'vps_ssh_key_characters'
					? fill(s['vps.configurator.keyCharacters'], { line: keys.line })
					: keys.code === 'vps_ssh_keys_too_many'
						? fill(s['vps.configurator.keysTooMany'], { max: maxSshKeys })
						: s['vps.configurator.keysRequired']
			: null;
	const alert = (text: string | null) =>
		text && (
			<p className="text-sm text-red-300" role="alert">
				{text}
			</p>
		);
	return (
		<div data-vps-fields>
			<OptionGroup
				legend={s['vps.configurator.os']}
				name="vps_image"
				value={draft.image}
				options={images.map((option) => ({
					value: option.id,
					label: option.name,
					disabled: ram < option.minRamGb,
					hint:
						option.minRamGb > 1
							? fill(s['vps.configurator.osNeedsRam'], { gb: option.minRamGb })
							: undefined,
				}))}
				onChange={c.chooseImage}
			/>
			<div className="mt-2" data-vps-image-problem>
				{alert(imageProblem)}
			</div>
			<div className="mt-6 flex flex-col gap-1">
				<label htmlFor={ids.host} className="text-sm font-semibold text-neutral-100">
					{s['vps.configurator.hostname']}
				</label>
				<input
					id={ids.host}
					name="vps_hostname"
					value={draft.hostname}
					maxLength={80}
					autoCapitalize="none"
					autoComplete="off"
					spellCheck={false}
					aria-describedby={ids.hostHint}
					aria-invalid={hostProblem ? true : undefined}
					onChange={(event) => c.setHostname(event.target.value)}
					className={`${fieldClass} max-w-sm`}
				/>
				<p id={ids.hostHint} className="text-sm text-neutral-300">
					{s['vps.configurator.hostnameHint']}
				</p>
				{alert(hostProblem)}
			</div>
			<OptionGroup
				legend={s['vps.configurator.access']}
				name="vps_access"
				value={windows ? 'password' : draft.access}
				options={[
					{ value: 'keys', label: s['vps.configurator.accessKeys'], disabled: windows },
					{ value: 'password', label: s['vps.configurator.accessPassword'] },
				]}
				onChange={c.setAccess}
			/>
			{!windows && draft.access === 'keys' ? (
				<div className="mt-3 flex flex-col gap-1">
					<label htmlFor={ids.keys} className="text-sm font-semibold text-neutral-100">
						{s['vps.configurator.keys']}
					</label>
					{savedKeys.length > 0 && (
						<fieldset className="mb-2 flex flex-col gap-1" data-saved-ssh-keys>
							<legend className="text-sm text-neutral-200">{s['sshKeys.saved']}</legend>
							{savedKeys.map((key) => (
								<label key={key.id} className="flex items-center gap-2 text-sm text-neutral-100">
									<input
										type="checkbox"
										className="size-4 accent-primary-400"
										checked={typed.includes(key.publicKey)}
										onChange={(event) =>
											c.setSshKeys(withKeyLine(draft.keysText, key.publicKey, event.target.checked))
										}
									/>
									<span>{key.name}</span>
									<code className="text-xs text-neutral-400">{key.fingerprint}</code>
								</label>
							))}
						</fieldset>
					)}
					<textarea
						id={ids.keys}
						name="vps_keys"
						rows={4}
						value={draft.keysText}
						spellCheck={false}
						aria-describedby={ids.keysHint}
						aria-invalid={keysProblem ? true : undefined}
						onChange={(event) => c.setSshKeys(event.target.value)}
						className={`${fieldClass} font-mono text-xs`}
					/>
					<p id={ids.keysHint} className="text-sm text-neutral-300">
						{fill(s['vps.configurator.keysHint'], { max: maxSshKeys })}
					</p>
					{alert(keysProblem)}
				</div>
			) : (
				<p className="mt-3 max-w-xl text-sm text-neutral-200" data-vps-password-note>
					{windows ? s['vps.configurator.passwordWindows'] : s['vps.configurator.passwordLinux']}
				</p>
			)}
		</div>
	);
}
