import { z } from 'zod';

// The parts of the panel's answers we read, in its envelope: `{ object, attributes }` for one item,
// `{ object: "list", data, meta }` for lists, includes under `attributes.relationships`. Unknown
// fields are dropped, so additions in newer panel versions do not break us.

function item<T extends z.ZodType>(attributes: T) {
	return z.object({ attributes });
}

function list<T extends z.ZodType>(attributes: T) {
	return z.object({
		data: z.array(item(attributes)),
		meta: z
			.object({
				pagination: z.object({ current_page: z.number(), total_pages: z.number() }),
			})
			.optional(),
	});
}

export const allocationSchema = z.object({
	id: z.number(),
	ip: z.string(),
	alias: z.string().nullable().optional(),
	port: z.number(),
	assigned: z.boolean().optional(),
});
export const allocationListSchema = list(allocationSchema);

const serverAttributes = z.object({
	id: z.number(),
	identifier: z.string(),
	user: z.number(),
	node: z.number(),
	/** The primary allocation's id. */
	allocation: z.number(),
	/** Which egg (and its nest) the server runs: what game it is. */
	nest: z.number(),
	egg: z.number(),
	/** null when installed and normal; installing, install_failed, suspended, ... */
	status: z.string().nullable(),
	suspended: z.boolean().optional(),
	limits: z.object({
		memory: z.number(),
		swap: z.number(),
		disk: z.number(),
		io: z.number(),
		cpu: z.number(),
		threads: z.string().nullable(),
	}),
	feature_limits: z.object({
		databases: z.number().nullable(),
		allocations: z.number().nullable(),
		backups: z.number().nullable(),
	}),
	relationships: z.object({ allocations: list(allocationSchema).optional() }).optional(),
});
export type ServerAttributes = z.infer<typeof serverAttributes>;
export const serverSchema = item(serverAttributes);

const userAttributes = z.object({
	id: z.number(),
	external_id: z.string().nullable().optional(),
	username: z.string(),
	email: z.string(),
	first_name: z.string(),
	last_name: z.string(),
	language: z.string().optional(),
	root_admin: z.boolean(),
});
export const userSchema = item(userAttributes);
export const userListSchema = list(userAttributes);

export const eggSchema = item(
	z.object({
		docker_image: z.string().nullable().optional(),
		docker_images: z.record(z.string(), z.string()).optional(),
		startup: z.string(),
		relationships: z.object({
			variables: list(z.object({ env_variable: z.string(), default_value: z.string().nullable() })),
		}),
	}),
);

export const nodeSchema = item(z.object({ fqdn: z.string(), daemon_sftp: z.number() }));

// A node's room as the application API shows it (NodeTransformer): its limits in MiB, the
// over-allocation percentages (not cast by the panel's model, so a string on some databases), and
// the sum of its servers' limits. `public` false keeps it out of automatic deployment.
const mib = z.coerce.number();
const nodeRoomAttributes = z.object({
	id: z.number(),
	location_id: z.number(),
	public: z.boolean(),
	maintenance_mode: z.boolean(),
	memory: mib,
	memory_overallocate: mib,
	disk: mib,
	disk_overallocate: mib,
	allocated_resources: z.object({ memory: mib, disk: mib }),
});
export type NodeRoom = z.infer<typeof nodeRoomAttributes>;
export const nodeRoomSchema = item(nodeRoomAttributes);
export const nodeRoomListSchema = list(nodeRoomAttributes);

export const statsSchema = item(
	z.object({
		current_state: z.string().nullable().optional(),
		is_suspended: z.boolean().optional(),
		resources: z.object({
			memory_bytes: z.number(),
			cpu_absolute: z.number(),
			disk_bytes: z.number(),
			uptime: z.number(),
		}),
	}),
);

// Client API schedules (`server_schedule`), which always come with their tasks (`schedule_task`).
// The cron fields are strings, as the panel stores them. Not paged: the list has no `meta`.
const scheduleAttributes = z.object({
	id: z.number(),
	name: z.string(),
	cron: z.object({
		minute: z.string(),
		hour: z.string(),
		day_of_month: z.string(),
		month: z.string(),
		day_of_week: z.string(),
	}),
	is_active: z.boolean(),
	only_when_online: z.boolean(),
	relationships: z.object({
		tasks: list(
			z.object({
				id: z.number(),
				action: z.string(),
				payload: z.string().nullable(),
				time_offset: z.number(),
			}),
		),
	}),
});
export type ScheduleAttributes = z.infer<typeof scheduleAttributes>;
export const scheduleSchema = item(scheduleAttributes);
export const scheduleListSchema = list(scheduleAttributes);

// Client API backups (`backup`): times are ATOM strings; `checksum` is `sha1:<hex>` once done.
const backupAttributes = z.object({
	uuid: z.string(),
	is_successful: z.boolean(),
	is_locked: z.boolean(),
	name: z.string(),
	checksum: z.string().nullable(),
	bytes: z.number(),
	created_at: z.string(),
	completed_at: z.string().nullable(),
});
export type BackupAttributes = z.infer<typeof backupAttributes>;
export const backupSchema = item(backupAttributes);
export const backupListSchema = list(backupAttributes);

/** Wings' directory listing as the panel relays it (`file_object`), not paged. */
export const fileListSchema = list(
	z.object({
		name: z.string(),
		size: z.number(),
		is_file: z.boolean(),
		is_symlink: z.boolean(),
		mimetype: z.string(),
		modified_at: z.string(),
	}),
);

/** A one-time link to the node (downloads, uploads), valid 15 minutes (S3 backups: its own). */
export const signedUrlSchema = item(z.object({ url: z.string() }));

/** `GET /websocket`: a 10-minute token for Wings and the node's socket address. */
export const websocketSchema = z.object({
	data: z.object({ token: z.string().min(1), socket: z.string().min(1) }),
});
