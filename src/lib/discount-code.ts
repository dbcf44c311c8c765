/**
 * A discount code as the database allows it (`discount_codes.code`): 3 to 32 capital letters,
 * digits, dashes and underscores. Codes are typed in any case and matched in capitals.
 */
export const discountCodePattern = /^[A-Z0-9_-]{3,32}$/;

export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase();
