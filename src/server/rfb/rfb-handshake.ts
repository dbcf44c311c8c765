import { randomBytes, timingSafeEqual } from 'node:crypto';
import { vncResponse } from './vnc-auth.ts';

// RFB's handshake (RFC 6143 section 7.1 and appendix A) from either side: the simulated console
// and the relay's side toward the browser accept viewers, the relay's side toward the hypervisor
// connects as a viewer. Versions differ only here: 3.3 has the server decide the security type
// and send it as a U32; 3.7 and 3.8 send a list to choose from; a SecurityResult follows VNC
// authentication always, None only in 3.8; only 3.8 gives the reason of a failure.

/** The minor version spoken: 3.3, 3.7 or 3.8. */
export type RfbMinor = 3 | 7 | 8;

const none = 1;
const vncAuth = 2;
const versionLine = /^RFB (\d{3})\.(\d{3})\n$/;

/** Reads exact lengths from the peer and writes to it. */
export interface RfbPeer {
	take(size: number): Promise<Buffer>;
	send(bytes: Uint8Array): void;
}

/** The handshake failed on purpose (wrong password, refused type), as opposed to a lost peer. */
export class RfbRefused extends Error {}

const u32 = (value: number) => {
	const bytes = Buffer.alloc(4);
	bytes.writeUInt32BE(value, 0);
	return bytes;
};
const versionBytes = (minor: RfbMinor) => Buffer.from(`RFB 003.00${minor}\n`, 'latin1');

/** Section 7.1.1: versions other than 3.7 and 3.8 are spoken to as 3.3, from either side. */
function minorOf(bytes: Buffer): RfbMinor {
	const match = versionLine.exec(bytes.toString('latin1'));
	if (!match) throw new RfbRefused('not an RFB peer');
	const [major, minor] = [Number(match[1]), Number(match[2])];
	return major === 3 && (minor === 7 || minor === 8) ? minor : 3;
}

/** Serves the handshake to a viewer with `security`: None, or VNC authentication by password. */
export async function acceptViewer(
	peer: RfbPeer,
	security: { password: string } | 'none',
): Promise<RfbMinor> {
	peer.send(versionBytes(8));
	const minor = minorOf(await peer.take(12));
	const type = security === 'none' ? none : vncAuth;
	const refuse = (reason: string): never => {
		const why = Buffer.from(reason, 'utf8');
		peer.send(minor === 8 ? Buffer.concat([u32(1), u32(why.length), why]) : u32(1));
		throw new RfbRefused(reason);
	};
	if (minor === 3) peer.send(u32(type));
	else {
		peer.send(Uint8Array.of(1, type));
		if ((await peer.take(1))[0] !== type) refuse('Security type not offered');
	}
	if (security !== 'none') {
		const challenge = randomBytes(16);
		peer.send(challenge);
		const answer = await peer.take(16);
		if (!timingSafeEqual(answer, vncResponse(security.password, challenge)))
			refuse('Authentication failed');
	}
	if (type === vncAuth || minor === 8) peer.send(u32(0));
	return minor;
}

/**
 * A failure's reason string as printable ASCII, at most 80 characters: it ends up in a log line
 * and a WebSocket close reason (123 bytes at most). QEMU counts C's trailing NUL in the length.
 */
async function reason(peer: RfbPeer): Promise<string> {
	const length = Math.min((await peer.take(4)).readUInt32BE(0), 1024);
	const text = (await peer.take(length)).toString('latin1');
	return text.replace(/[^\x20-\x7e]/g, '').slice(0, 80);
}

/** Connects to an RFB server as a viewer, answering VNC authentication with `password`. */
export async function connectAsViewer(peer: RfbPeer, password: string): Promise<RfbMinor> {
	const minor = minorOf(await peer.take(12)); // never more than the server offers
	peer.send(versionBytes(minor));
	let type = 0;
	if (minor === 3) type = (await peer.take(4)).readUInt32BE(0);
	else {
		const types = await peer.take((await peer.take(1))[0] ?? 0);
		type = [vncAuth, none].find((t) => types.includes(t)) ?? (types.length ? -1 : 0);
		if (type > 0) peer.send(Uint8Array.of(type));
	}
	// No type at all (0) comes with the server's reason; one we do not speak is ours to say.
	if (type === 0) throw new RfbRefused(`console refused us: ${await reason(peer)}`);
	if (type === vncAuth) peer.send(vncResponse(password, await peer.take(16)));
	else if (type !== none) throw new RfbRefused('no security type we speak');
	if ((type === vncAuth || minor === 8) && (await peer.take(4)).readUInt32BE(0) !== 0)
		throw new RfbRefused(
			minor === 8 ? `console refused us: ${await reason(peer)}` : 'console refused us',
		);
	return minor;
}
