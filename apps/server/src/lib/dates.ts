/** Kiraya's calendar is India's: "today" for move-in and move-out dates is the date in Asia/Kolkata. */
export const APP_TIME_ZONE = 'Asia/Kolkata';

const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date (YYYY-MM-DD) in India, at `now`. */
export function todayInIndia(now: Date = new Date()): string {
  return fmt.format(now);
}
