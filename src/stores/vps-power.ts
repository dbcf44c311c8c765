import { atom } from 'nanostores';
import {
	powerTarget,
	shutdownGraceSeconds,
	type VpsPowerAction,
	type VpsShownState,
} from '../lib/vps/power';
import { getJson, postJson } from './panel-fetch';

// A VPS's power controls: the state the machine really reaches (polled after each action until it
// gets there), and a shutdown that becomes a hard stop when the guest ignores it for a minute.

export interface VpsLive {
	state: VpsShownState;
	uptimeSeconds: number | null;
}

export const $vpsLive = atom<VpsLive | null>(null);
/** The action under way, until the machine reached its state (or the wait gave up). */
export const $vpsPowerBusy = atom<VpsPowerAction | null>(null);
/** Seconds left before an unanswered shutdown is turned into a hard stop; null otherwise. */
export const $shutdownLeft = atom<number | null>(null);
export const $vpsPowerError = atom<string | null>(null);

const pollMs = 1000;
const pollTries = 90;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readLive(
	id: string,
	fallback: string,
	fetcher?: typeof fetch,
): Promise<VpsLive | null> {
	const url = `/api/panel/vps/${encodeURIComponent(id)}/state`;
	const answer = await getJson<VpsLive>(url, fallback, fetcher);
	if (answer.state !== 'ready') return null;
	$vpsLive.set(answer.data);
	return answer.data;
}

async function send(id: string, action: VpsPowerAction, locale: string, fallback: string) {
	const answer = await postJson<VpsLive>(
		`/api/services/${encodeURIComponent(id)}/power`,
		{ action, locale },
		fallback,
	);
	if (!answer.ok) $vpsPowerError.set(answer.message);
	else $vpsLive.set(answer.data);
	return answer.ok;
}

/** Polls until the machine is in `target`; a shutdown counts down to its hard stop meanwhile. */
async function settle(id: string, action: VpsPowerAction, locale: string, fallback: string) {
	const target = powerTarget(action);
	const started = Date.now();
	for (let i = 0; i < pollTries; i++) {
		const live = $vpsLive.get();
		if (live?.state === target && (action !== 'reboot' && action !== 'reset' ? true : i > 0))
			return;
		if (action === 'shutdown') {
			const left = shutdownGraceSeconds - Math.floor((Date.now() - started) / 1000);
			$shutdownLeft.set(Math.max(0, left));
			if (left <= 0) {
				$shutdownLeft.set(null);
				if (await send(id, 'stop', locale, fallback)) return settle(id, 'stop', locale, fallback);
				return;
			}
		}
		await wait(pollMs);
		await readLive(id, fallback);
	}
}

export async function powerVps(
	id: string,
	action: VpsPowerAction,
	locale: string,
	fallback: string,
) {
	if ($vpsPowerBusy.get()) return;
	$vpsPowerBusy.set(action);
	$vpsPowerError.set(null);
	try {
		if (await send(id, action, locale, fallback)) await settle(id, action, locale, fallback);
	} finally {
		$shutdownLeft.set(null);
		$vpsPowerBusy.set(null);
	}
}

/**
 * After a reinstall the machine is cloned, stopped, started: its state is read again until it
 * runs (the hypervisor's promise), so the Power section shows each step instead of the state it
 * had before (and its uptime starts again).
 */
export async function followUntilRunning(id: string, fallback: string, fetcher?: typeof fetch) {
	for (let i = 0; i < pollTries; i++) {
		const live = await readLive(id, fallback, fetcher);
		if (live?.state === 'running') return;
		await wait(pollMs);
	}
}
