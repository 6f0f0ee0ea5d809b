/**
 * The islands' logger, for a failed schedule or select-list load. Only warnings:
 * each of these failures has a visible fallback, so nothing here is an error for the visitor.
 */
export function logWarning(event: string, detail: Readonly<Record<string, unknown>> = {}): void {
  console.warn(`[angram] ${event}`, detail);
}
