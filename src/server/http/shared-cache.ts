/**
 * Public reads that answer everyone the same: the middleware gives them no session client, so no
 * cookie can ride on their answers, and their own `Cache-Control` lets a shared cache keep them.
 * Every other request may carry session cookies and is `private, no-store` (src/middleware.ts).
 */
export const sharedCachePaths: ReadonlySet<string> = new Set([
	'/api/vps/images',
	'/api/minecraft/software',
]);
