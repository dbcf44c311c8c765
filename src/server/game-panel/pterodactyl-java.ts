// Which of the egg's Java images a Minecraft version runs on. Mojang raised the minimum over time
// (16 for 1.17, 17 for 1.18, 21 for 1.20.5, 25 for the year-numbered 26.1); old Forge needs 8,
// which newer Java breaks. Eggs name their images "Java 21" → ghcr.io/…/yolks:java_21.

/** The Java a Minecraft version needs; null when the version does not say (`latest`, snapshots). */
export function javaFor(minecraft: string): number | null {
	const numbered = /^1\.(\d+)(?:\.(\d+))?/.exec(minecraft);
	if (numbered) {
		const minor = Number(numbered[1]);
		const patch = Number(numbered[2] ?? 0);
		if (minor > 20 || (minor === 20 && patch >= 5)) return 21;
		if (minor >= 18) return 17;
		return minor === 17 ? 16 : 8;
	}
	return /^\d{2}\.\d+/.test(minecraft) ? 25 : null;
}

/**
 * The egg's image for that Java: the lowest version at or above it, else its newest (also for
 * null). Null when no image names a Java version: the caller keeps the egg's default.
 */
export function imageFor(images: Record<string, string>, java: number | null): string | null {
	const versioned = Object.entries(images)
		.flatMap(([name, image]) => {
			const match = /java[ _-]?(\d+)/i.exec(name) ?? /java[ _-]?(\d+)/i.exec(image);
			return match ? [{ java: Number(match[1]), image }] : [];
		})
		.sort((a, b) => a.java - b.java);
	const fits = java === null ? undefined : versioned.find((entry) => entry.java >= java);
	return (fits ?? versioned.at(-1))?.image ?? null;
}
