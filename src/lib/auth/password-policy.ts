/**
 * The shortest password the site accepts. The whole policy (a real strength estimate with reasons)
 * runs on the server, in src/server/auth/password-strength.ts; pages only need the number to say it.
 */
export const minPasswordLength = 10;
