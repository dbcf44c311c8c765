import { z } from 'zod';

// A Minecraft server's software changes (`software_installs`): what was asked for, where the
// background job stands, and why one failed. Where it finished is `softwareInstallStatuses`
// (minecraft-software.ts). Each error has its words `software.failure.<error>` in every language.

/** Plain software at a version, a modpack (installed or updated), or a pack taken off again. */
export const softwareChangeKinds = ['software', 'modpack', 'modpack_removal'] as const;
export type SoftwareChangeKind = (typeof softwareChangeKinds)[number];
export const softwareChangeKindSchema = /* @__PURE__ */ z.enum(softwareChangeKinds);

/** The job's steps, in order: a backup first, then stop, reinstall, start. */
export const softwareInstallSteps = ['backup', 'stopping', 'installing', 'starting'] as const;
export type SoftwareInstallStep = (typeof softwareInstallSteps)[number];
export const softwareInstallStepSchema = /* @__PURE__ */ z.enum(softwareInstallSteps);

/**
 * Why a change failed: the backup did not complete, the panel's install script failed, a step took
 * longer than it may, the panel refused a step (the server was suspended meanwhile, say) or did
 * not answer.
 */
export const softwareInstallErrors = [
	'backup_failed',
	'install_failed',
	'timed_out',
	'panel_refused',
	'panel_unavailable',
] as const;
export type SoftwareInstallError = (typeof softwareInstallErrors)[number];
export const softwareInstallErrorSchema = /* @__PURE__ */ z.enum(softwareInstallErrors);
