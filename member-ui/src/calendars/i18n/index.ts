import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

/** Strings of the calendar module (top-level keys appointments, calendars, invites), merged into the console's resources. */
export const calendarTranslations = { de, en, es, fr } as const;
