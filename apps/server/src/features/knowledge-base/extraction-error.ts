/** A document that cannot be indexed, with the reason shown to the user. */
export class ExtractionError extends Error {}
