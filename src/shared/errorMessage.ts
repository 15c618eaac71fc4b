// The one way a thrown value becomes text for a log line or the UI (anything can be thrown, not only Errors).

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
