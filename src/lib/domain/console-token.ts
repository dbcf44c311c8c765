/**
 * The site's one-time console tokens (`vps_console_tokens`) open one of two consoles: a VPS's
 * screen or a game server's console. A game console is watched by its owner, or read-only by a
 * member of staff from the staff console. The table's checks list the same.
 */
export const consoleKinds = ['vps', 'game'] as const;
export type ConsoleKind = (typeof consoleKinds)[number];

export const consoleViewers = ['owner', 'staff'] as const;
export type ConsoleViewer = (typeof consoleViewers)[number];
