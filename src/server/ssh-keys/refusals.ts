import type { UiKey } from '../../i18n';
import type { SshKeyRefusal } from './actions';

export const sshKeyRefusals: Record<SshKeyRefusal, { status: number; message: UiKey }> = {
	invalid: { status: 422, message: 'sshKeys.error.invalid' },
	characters: { status: 422, message: 'sshKeys.error.characters' },
	name: { status: 422, message: 'sshKeys.error.name' },
	duplicate: { status: 409, message: 'sshKeys.error.duplicate' },
	limit: { status: 409, message: 'sshKeys.error.limit' },
	not_found: { status: 404, message: 'sshKeys.error.not_found' },
};
