// The DNS port: what delivering a subdomain (and, later, a VPS's reverse DNS) depends on. index.ts
// picks the implementation from the environment (PowerDNS, or the embedded default); callers never
// name one. Every method rejects with the classes in errors.ts.

/** The record types the site writes. */
export type RecordType = 'A' | 'AAAA' | 'CNAME' | 'SRV' | 'PTR';

/**
 * One name's records of one type, in presentation format without trailing dots: A `192.0.2.10`,
 * AAAA `2001:db8::10`, CNAME and PTR `host.example`, SRV `priority weight port target`
 * (`0 5 25565 abc.play.frostnode.example`). Names are lowercase, without the trailing dot; the
 * PowerDNS adapter makes them canonical.
 */
export interface RecordSet {
	name: string;
	type: RecordType;
	/** Seconds; the port's configured TTL when omitted. */
	ttl?: number;
	contents: string[];
}

/** A name and type whose records are removed. */
export interface RecordKey {
	name: string;
	type: RecordType;
}

/**
 * One atomic change: every removal and replacement in it applies, or none does (PowerDNS applies a
 * zone PATCH in one transaction). All names must be inside one zone the port serves.
 */
export interface RecordChange {
	replace?: RecordSet[];
	remove?: RecordKey[];
}

export interface DnsPort {
	/** Which implementation index.ts chose, for operators (the readiness check names it). */
	readonly kind: 'powerdns' | 'embedded';
	/** The forward zone customer subdomains live in, e.g. `play.frostnode.example`. */
	readonly zone: string;
	/** Zones PTR records may be written in (`2.0.192.in-addr.arpa`); empty when none is set. */
	readonly reverseZones: readonly string[];
	/** Applies the change; idempotent (replacing with the same records, removing what is gone). */
	change(change: RecordChange): Promise<void>;
	/** The contents of a name's records of a type, as the port stores them; [] when there are none. */
	lookup(name: string, type: RecordType): Promise<string[]>;
	/** For the readiness check: resolves when the zone can be read now, else rejects saying why. */
	probe(): Promise<void>;
}
