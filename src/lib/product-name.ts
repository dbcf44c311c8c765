import { findPlan } from './catalogue';
import { findGame, gamePath } from './games';

/** How a plan is named to a customer and where its configurator lives (locale-free path). */
export function productOf(planId: string): { name: string; path: string } | undefined {
	const plan = findPlan(planId);
	if (!plan) return undefined;
	if (plan.product === 'vps') return { name: 'VPS', path: '/vps-hosting' };
	const game = plan.game ? findGame(plan.game) : undefined;
	return game && { name: game.name, path: gamePath(game.id) };
}
