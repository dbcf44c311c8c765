import type { VpsImage } from '../../lib/vps/images';

// What the simulated machine's screen shows: a short boot and the login prompt of its system,
// so a console opened on the embedded stack looks like the machine the customer ordered.

export function bootText(hostname: string, image: VpsImage | undefined): string[] {
	if (image?.os === 'windows')
		return [
			`${image.name}`,
			'',
			'Applying computer settings...',
			'cloudbase-init: configuration applied',
			'',
			`${hostname}`,
			`Press Ctrl+Alt+Delete to sign in as ${image.user}.`,
		];
	const name = image?.name ?? 'Linux';
	return [
		'[    0.000000] Linux version 6.1.0 (frostnode simulated)',
		'[    0.412345] Booting paravirtualized kernel on KVM',
		'[    1.104200] virtio_net virtio1 ens18: renamed from eth0',
		'[    2.318007] cloud-init: modules:final finished',
		'[  OK  ] Reached target Multi-User System.',
		'',
		`${name} ${hostname} tty1`,
		'',
		`${hostname} login: `,
	];
}
