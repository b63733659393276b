/**
 * A user's search text as a LIKE / ILIKE pattern for "contains", read literally: LIKE's wildcards (`%`, `_`)
 * and its escape character (`\`, PostgreSQL's default on both engines) each match themselves.
 */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
