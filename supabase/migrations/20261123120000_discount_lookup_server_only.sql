-- =============================================================================================
-- Discount codes are looked up by the site server only (its service role), under per-client
-- limits. Browsers could otherwise ask the database directly, as fast as they like, and guess.
-- =============================================================================================

revoke execute on function public.discount_code_percent(text) from anon, authenticated;

comment on function public.discount_code_percent(text) is
	'The percentage of one code redeemable now, or null for an unknown, expired, not yet valid or used-up code. Service role only: the site server limits look-ups per client.';
