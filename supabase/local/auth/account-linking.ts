// GoTrue's DetermineAccountLinking (models/linking.go) for an identity not seen before, as a pure
// decision. Only an address the provider says is verified (or any, with the mailer's autoconfirm)
// takes part in linking: then an identity of the default linking domain with that address names
// the user (all such identities must name the same one), else the one non-SSO user with it; with
// neither, a new user. An unverified address never links: GoTrue then creates a user without it
// and asks the provider's address to be confirmed; the stack refuses it outright (it refuses more).

export interface LinkingFacts {
	/** The provider's `email_verified` for the address. */
	emailVerified: boolean;
	/** GoTrue's Mailer.Autoconfirm: every provider address counts as verified. */
	autoConfirm: boolean;
	/** Users of identities with the address, outside SSO linking domains (one entry per identity). */
	identityUsers: string[];
	/** Non-SSO users with the address. */
	users: string[];
}

export type LinkingDecision =
	| { kind: 'create' }
	| { kind: 'link'; userId: string }
	| { kind: 'multiple' }
	| { kind: 'unverified' };

export function decideLinking(facts: LinkingFacts): LinkingDecision {
	if (!facts.emailVerified && !facts.autoConfirm) return { kind: 'unverified' };
	const [first, ...others] = facts.identityUsers;
	if (first !== undefined)
		return others.every((userId) => userId === first)
			? { kind: 'link', userId: first }
			: { kind: 'multiple' };
	if (facts.users.length > 1) return { kind: 'multiple' };
	return facts.users[0] === undefined
		? { kind: 'create' }
		: { kind: 'link', userId: facts.users[0] };
}
