/** A read that failed: the server's message in the customer's language, and a way to try again. */
export function LoadError(props: { message: string; retry?: () => void; retryLabel: string }) {
	return (
		<div className="card" data-load-error>
			<p role="alert" className="text-red-200">
				{props.message}
			</p>
			{props.retry && (
				<button type="button" className="btn btn-secondary mt-4" onClick={props.retry}>
					{props.retryLabel}
				</button>
			)}
		</div>
	);
}
