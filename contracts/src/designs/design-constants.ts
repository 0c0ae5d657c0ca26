/** the realtime collection a design change is pushed as (zod-free: the shell reads it) */
export const DESIGNS_COLLECTION = 'designs';
export const DESIGN_NAME_MAX = 60;
/** what the member console uses where no design is active */
export const DEFAULT_DESIGN_COLORS = { primary_color: '#2f6f6a', primary_text_color: '#ffffff', background_color: '#f5f6f7' } as const;
