/** The user-timing mark set when the bets page's first rows are on screen (the bench reads it). */
export const BETS_FIRST_ROWS_MARK = 'bets-first-rows';
