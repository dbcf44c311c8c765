import { z } from 'zod';
import { uniqueSshKeys } from './choice';
import { vpsChoiceCaps } from './choice-shape';

// The server's schemas of a VPS choice in a request, in a module of their own so the browser,
// which reads a stored choice with readVpsChoice (choice-shape.ts), never loads zod
// (scripts/storefront-bundle.ts).

/** The keys a request may carry, read as uniqueSshKeys reads them; the rules judge them. */
export const sshKeysBody = z
	.array(z.string().max(vpsChoiceCaps.sshKey))
	.max(vpsChoiceCaps.sshKeys)
	.transform(uniqueSshKeys);

/** The shape a request may carry (`item.vps`); the rules (vpsChoiceProblem) judge its content. */
export const vpsChoiceBody = z.object({
	image: z.string().max(vpsChoiceCaps.image),
	hostname: z.string().max(vpsChoiceCaps.hostname),
	sshKeys: sshKeysBody.optional(),
});
