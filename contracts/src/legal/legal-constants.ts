// Legal texts: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

/** The realtime topic and collection of legal texts (a new version that needs consent reaches open consoles). */
export const LEGAL_TEXTS_COLLECTION = 'legal_texts';
export const LEGAL_TOPIC = 'legal';
