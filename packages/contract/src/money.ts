/**
 * Money is integer paise in the database and rupees (at most 2 decimals) on the wire: every conversion
 * between the two goes through here.
 */

/** Rupees on the wire for an amount of paise (a database `bigint` may arrive as a string). */
export const paiseToRupees = (paise: number | string): number => Math.round(Number(paise)) / 100;

/** Paise to store for an amount of rupees, rounded to the nearest paisa. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
