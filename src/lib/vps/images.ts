import { z } from 'zod';
import imagesData from '../../../content/catalogue/vps-images.json';

// The operating systems a VPS can be ordered with (content/catalogue/vps-images.json). Each image
// is a cloud-init template per hypervisor node: a machine is only placed on a node that has it.

export const vpsImageIds = [
	'debian-12',
	'ubuntu-24.04',
	'rocky-9',
	'alma-9',
	'windows-server-2022',
] as const;
export type VpsImageId = (typeof vpsImageIds)[number];

export function isVpsImageId(value: unknown): value is VpsImageId {
	return (vpsImageIds as readonly unknown[]).includes(value);
}
export const vpsImageIdSchema = /* @__PURE__ */ z.enum(vpsImageIds);

export const vpsOsKinds = ['linux', 'windows'] as const;
export type VpsOs = (typeof vpsOsKinds)[number];

/** A Proxmox node name (`[a-zA-Z0-9-]`, a DNS label). */
const nodeName = /* @__PURE__ */ z.string().regex(/^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/);

export const vpsImageSchema = /* @__PURE__ */ z
	.object({
		id: vpsImageIdSchema,
		name: z.string().min(1).max(60),
		family: z.enum(['debian', 'ubuntu', 'rhel', 'windows']),
		os: z.enum(vpsOsKinds),
		/** Who logs in: root on Linux, Administrator on Windows. */
		user: z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]{0,31}$/),
		minRamGb: z.number().int().positive(),
		/** The VMID of the image's template on each node that offers it. */
		templates: z.record(nodeName, z.number().int().min(100).max(999_999_999)),
	})
	.strict()
	.refine((image) => Object.keys(image.templates).length > 0, 'an image needs a template on a node')
	.refine((image) => (image.os === 'windows') === (image.family === 'windows'), 'os and family');

export type VpsImage = z.infer<typeof vpsImageSchema>;

export const vpsImagesSchema = /* @__PURE__ */ z
	.array(vpsImageSchema)
	.min(1)
	.refine(
		(images) => new Set(images.map((image) => image.id)).size === images.length,
		'image ids are unique',
	);

/** The file's images, or an error naming the file and each wrong field. */
export function parseVpsImages(data: unknown): VpsImage[] {
	const result = vpsImagesSchema.safeParse(data);
	if (result.success) return result.data;
	const fields = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
	throw new Error(`content/catalogue/vps-images.json is invalid:\n  ${fields.join('\n  ')}`);
}

/**
 * Parsed once: a wrong file fails the build (src/content.config.ts, src/lib/catalogue/validate.ts)
 * and every server start. Pure, so a browser bundle that imports only the rules above leaves the
 * file (its node names and template VMIDs) out; islands get `PublicVpsImage`s as props instead.
 */
export const vpsImages: readonly VpsImage[] = /* @__PURE__ */ parseVpsImages(imagesData);

/** What a visitor may know of an image: everything but where its templates live. */
export type PublicVpsImage = Omit<VpsImage, 'templates'>;

export function publicVpsImage({ templates: _templates, ...image }: VpsImage): PublicVpsImage {
	return image;
}

export function findVpsImage(id: string): VpsImage | undefined {
	return vpsImages.find((image) => image.id === id);
}

/** The image whose template on `node` is `vmid`; undefined for any other VMID. */
export function imageOfTemplate(node: string, vmid: number): VpsImage | undefined {
	return vpsImages.find((image) => image.templates[node] === vmid);
}

/** The nodes an image can be cloned on. */
export function nodesFor(image: VpsImage): string[] {
	return Object.keys(image.templates);
}
