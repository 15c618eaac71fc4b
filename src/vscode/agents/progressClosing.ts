// Work shown as a notification's progress whose failure must not be told while the progress still spins.
// VS Code keeps a notification's progress on screen at least 800 ms after it appears, even when the work under
// it is over (the workbench's progressService, withNotificationProgress: "without a delay we show the
// notification for at least 800ms to reduce the chance of the notification flashing up and hiding"; 1.139).
// An install refused at once (a wrong sha256 from a fast server) showed "… was not installed" beside a
// spinning "Installing …". So a failure is handed on only once the progress is gone. No `vscode` import here,
// so the timing is tested without VS Code (test/unit/vscode/agents/progressClosing.test.ts).

/** How long VS Code keeps a notification's progress after it appears (see above). */
export const PROGRESS_MIN_SHOWN_MS = 800;
// The progress is timed from when the window hears of it, a message after this side asked; the error the
// caller then shows follows the same way, so this margin only absorbs jitter between the two.
const MARGIN_MS = 100;

/**
 * Runs `task` under `withProgress` (vscode.window.withProgress with its options bound); resolves as it does,
 * and rejects with its error once VS Code has closed the progress.
 */
export async function failAfterProgress<T>(
  withProgress: (task: () => Promise<T>) => PromiseLike<T>,
  task: () => Promise<T>,
): Promise<T> {
  const shown = Date.now();
  try {
    return await withProgress(task);
  } catch (error) {
    const wait = shown + PROGRESS_MIN_SHOWN_MS + MARGIN_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    throw error;
  }
}
