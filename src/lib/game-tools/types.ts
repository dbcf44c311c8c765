// The JSON of the backups and files endpoints (docs/panel.md, "Backups and files"): what the
// server answers and the panel's islands render.

/** `in_progress` until the panel reports it; `failed` when it completed without an archive. */
export type BackupState = 'in_progress' | 'completed' | 'failed';

export interface BackupView {
	id: string;
	name: string;
	bytes: number;
	createdAt: string;
	completedAt: string | null;
	locked: boolean;
	state: BackupState;
}

export interface BackupList {
	backups: BackupView[];
	/** How many backups the plan includes. */
	limit: number;
}

export interface FileView {
	name: string;
	kind: 'file' | 'folder' | 'link';
	bytes: number;
	modifiedAt: string;
}

export interface FileList {
	/** The folder listed, normalised (`/world`). */
	dir: string;
	/** Folders first, then by name. */
	files: FileView[];
}

export interface FileSaved {
	path: string;
	bytes: number;
	changes: { added: number; removed: number; changed: number };
}
