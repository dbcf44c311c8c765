import { describe, expect, it } from 'vitest';
import { imageFor, javaFor } from './pterodactyl-java';

const images = {
	'Java 8': 'ghcr.io/ptero-eggs/yolks:java_8',
	'Java 17': 'ghcr.io/ptero-eggs/yolks:java_17',
	'Java 21': 'ghcr.io/ptero-eggs/yolks:java_21',
	'Java 25': 'ghcr.io/ptero-eggs/yolks:java_25',
};

describe('the Java a Minecraft version runs on', () => {
	it.each([
		['1.7.10', 8],
		['1.12.2', 8],
		['1.16.5', 8],
		['1.17.1', 16],
		['1.18.2', 17],
		['1.20.4', 17],
		['1.20.5', 21],
		['1.21', 21],
		['1.21.4', 21],
		['26.1', 25],
		['latest', null],
		['24w14a', null],
	])('%s needs Java %s', (version, java) => {
		expect(javaFor(version)).toBe(java);
	});

	it("takes the egg's lowest image at or above it, else its newest", () => {
		expect(imageFor(images, 8)).toBe(images['Java 8']);
		expect(imageFor(images, 16)).toBe(images['Java 17']);
		expect(imageFor(images, 21)).toBe(images['Java 21']);
		expect(imageFor(images, 27)).toBe(images['Java 25']);
		expect(imageFor(images, null)).toBe(images['Java 25']);
		expect(imageFor({ Default: 'ghcr.io/x/yolks:java_17' }, 8)).toBe('ghcr.io/x/yolks:java_17');
		expect(imageFor({ Default: 'ghcr.io/x/minecraft' }, 21)).toBeNull();
	});
});
