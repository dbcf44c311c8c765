/** The console island's strings: its own `gameConsole.` keys and nothing else. */
export function gameConsoleKeys(dictionary: Record<string, string>): string[] {
	return Object.keys(dictionary).filter((key) => key.startsWith('gameConsole.'));
}
