/** Kiraya's calendar is India's (the contract's dates module holds the rule, for the server and the web alike). */
export { APP_TIME_ZONE, todayInIndia } from '@kiraya/contract/dates';
