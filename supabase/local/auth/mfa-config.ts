// GoTrue's MFAConfiguration, the knobs this stack honours, with GoTrue's defaults. Rate limits for
// challenge and verify live with the other limits (rate-limit.ts).

export interface MfaSettings {
	/** GOTRUE_MFA_MAX_ENROLLED_FACTORS: factors of any status a user may have. */
	maxEnrolledFactors: number;
	/** GOTRUE_MFA_MAX_VERIFIED_FACTORS. */
	maxVerifiedFactors: number;
	/** GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION in seconds; GoTrue raises anything below 300 to 300. */
	challengeExpirySeconds: number;
	/** GOTRUE_MFA_FACTOR_EXPIRY_DURATION: age after which challenge-less unverified factors go. */
	factorExpirySeconds: number;
	totpEnrollEnabled: boolean;
	totpVerifyEnabled: boolean;
}

export const DEFAULT_MFA: MfaSettings = {
	maxEnrolledFactors: 10,
	maxVerifiedFactors: 10,
	challengeExpirySeconds: 300,
	factorExpirySeconds: 300,
	totpEnrollEnabled: true,
	totpVerifyEnabled: true,
};

/**
 * The options given over GoTrue's defaults. Unlike GoTrue, a challenge expiry below 300 s is kept:
 * tests use it to reach an expired challenge without waiting five minutes.
 */
export function mfaSettingsFrom(options: Partial<MfaSettings> | undefined): MfaSettings {
	return { ...DEFAULT_MFA, ...options };
}
