import { games } from './games';

/** The help centre's topics: one per game, then the VPS, billing and account. */
export const helpTopics: [string, ...string[]] = [
	'vps',
	'billing',
	'account',
	...games.map((game) => game.id),
];

export type HelpTopic = (typeof helpTopics)[number];

/** Topics that are not games get their name from the UI strings; games use their own name. */
export const nonGameTopics = ['vps', 'billing', 'account'] as const;
