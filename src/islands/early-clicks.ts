/**
 * A click that comes before its control can act is kept, not lost. An island's HTML is on screen
 * before its JavaScript has loaded (Astro marks it `astro-island[ssr]` until it hydrates), and so
 * is a custom element's before its script defines it (`:not(:defined)`): a button there looks
 * ready but has no handler yet. Every page loads this: a press of a button, or a form sent, inside
 * one still waiting is held back (a form the code was to send would go to this page's address, its
 * fields in it) and done again once the code has taken over.
 * Pressing the same control again while it waits counts once, as a double click on a slow page
 * should. A form that names its method or action is built to work without JavaScript (the
 * configurator's GET to the cart, the games filter): it and its buttons are left to the browser,
 * which then does what the page meant even when the code never arrives.
 */

// Astro's slots inside an island are custom elements no script defines.
const waiting = 'astro-island[ssr], :not(:defined, astro-slot, astro-static-slot)';
const pressable = 'button, input[type=submit], input[type=button], input[type=image]';
const worksWithoutScript = 'form[method], form[action]';

/** Controls and forms held back, each done again once nothing around it still waits. */
const held = new Set<HTMLElement>();

function flush() {
	for (const element of held) {
		if (!element.isConnected) held.delete(element);
		else if (!element.closest(waiting)) {
			held.delete(element);
			// A task later: React answers a click even while it is still hydrating the island.
			setTimeout(() => {
				if (element instanceof HTMLFormElement) element.requestSubmit();
				else element.click();
			});
		}
	}
}

/** Holds `element` back when something around it still waits for its code. */
function hold(event: Event, element: HTMLElement) {
	const waitingFor = element.closest(waiting);
	if (!waitingFor) return;
	event.preventDefault();
	event.stopImmediatePropagation();
	held.add(element);
	if (waitingFor.localName !== 'astro-island')
		void customElements.whenDefined(waitingFor.localName).then(flush);
}

document.addEventListener(
	'click',
	(event) => {
		const control =
			event.target instanceof Element
				? event.target.closest<HTMLButtonElement | HTMLInputElement>(pressable)
				: null;
		if (!control || control.matches(':disabled')) return;
		const sends = control.type === 'submit' || control.type === 'image';
		if (!(sends && control.form?.matches(worksWithoutScript))) hold(event, control);
	},
	true,
);

document.addEventListener(
	'submit',
	(event) => {
		const form = event.target;
		if (form instanceof HTMLFormElement && !form.matches(worksWithoutScript)) hold(event, form);
	},
	true,
);

// Astro fires `astro:hydrate` on an island once React has taken it over; it does not bubble, so
// it is heard on the way down.
document.addEventListener('astro:hydrate', flush, true);
