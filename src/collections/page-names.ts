/** The pages `content/pages/<locale>/` must hold, each served at `/<name>`. */
export const pageNames = ['about', 'affiliate', 'privacy-policy', 'terms-of-service'] as const;
export type PageName = (typeof pageNames)[number];
