/** `$1` (the PostgreSQL style every caller writes) becomes SQLite's `?1`; quoted text is left alone. */
export function toSqlitePlaceholders(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|\$(\d+)/g, (match, index: string | undefined) => (index ? `?${index}` : match));
}
