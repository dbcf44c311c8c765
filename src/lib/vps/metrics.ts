// A machine's usage as the hypervisor port reports it and the VPS page draws it.

/** Proxmox's RRD windows: a point a minute for the hour, every 30 minutes for the day. */
export type MetricsTimeframe = 'hour' | 'day';

/**
 * One averaged point of a machine's usage. `cpu` is the share of its cores in use (0..1); rates
 * are bytes per second; all null where the hypervisor has no data (the machine was off).
 */
export interface MetricPoint {
	/** Unix seconds at the start of the point's interval. */
	time: number;
	cpu: number | null;
	memoryBytes: number | null;
	memoryTotalBytes: number | null;
	diskReadBps: number | null;
	diskWriteBps: number | null;
	netInBps: number | null;
	netOutBps: number | null;
}
