/** The largest id the database stores (a PostgreSQL `integer`); larger ones name nothing. */
export const MAX_ID = 2_147_483_647;
