import { fill, plural } from '../../../lib/fill';
import { closeEditor, editDraft, saveEditor, type Editor } from '../../../stores/game-files';
import type { PanelTools } from '../shared/context';

/** The open text file: a plain text area, Save (which says what changed) and Close. */
export function FileEditor(props: { editor: Editor; tools: PanelTools }) {
	const { editor, tools } = props;
	const { t } = tools;
	const label = fill(t('gameFiles.editor.label'), { path: editor.path });
	return (
		<form
			className="card flex flex-col gap-3"
			aria-label={label}
			data-file-editor={editor.path}
			onSubmit={(event) => {
				event.preventDefault();
				void saveEditor(({ changed }) =>
					plural(t('gameFiles.saved_one'), t('gameFiles.saved_other'), changed),
				);
			}}
		>
			<label htmlFor="file-editor-text" className="font-mono text-sm break-all text-neutral-200">
				{label}
			</label>
			<textarea
				id="file-editor-text"
				className="min-h-80 w-full rounded-lg border border-neutral-600 bg-neutral-950 p-3 font-mono text-sm text-neutral-100"
				spellCheck={false}
				value={editor.draft}
				disabled={editor.state === 'loading'}
				aria-busy={editor.state !== 'ready'}
				onChange={(event) => editDraft(event.target.value)}
			/>
			<div className="flex flex-wrap gap-2">
				<button
					type="submit"
					className="btn btn-primary"
					disabled={editor.state !== 'ready'}
					data-file-save
				>
					{t('gameFiles.editor.save')}
				</button>
				<button type="button" className="btn btn-secondary" onClick={closeEditor}>
					{t('gameFiles.editor.close')}
				</button>
			</div>
		</form>
	);
}
