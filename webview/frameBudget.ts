// How much streamed markdown one animation frame may render. A burst (an agent writing 200 KB as
// fast as it can) reaches the webview far faster than it can be rendered; rendering everything
// that arrived in one frame froze the panel for up to a second. So each frame renders
// the new text of a message only up to a time budget, and what is left waits for the next frame:
// frames stay short, the text still ends on screen as fast as the renderer can go, nothing is
// dropped, and a normal stream (far below the budget) shows every chunk in the next frame.
//
// The budget is in characters, from the throughput measured in earlier frames (markdown costs
// roughly the same per character: lex, render, sanitise, patch, layout), so a frame never starts
// more work than its remaining time can pay for. The app makes one per chat and resets it at the
// start of each frame; renderers ask it and report what they did.

import { recordError } from './errors';

/**
 * Render time one frame may spend on streamed text, in ms (a 60 Hz frame is 16.7 ms). At 8 ms a burst's
 * frames in code-server came every 16-21 ms: the panel kept its frame rate while text waited. At 12 ms
 * the burst is on screen sooner with about as many frames over 50 ms (docs/performance.md).
 */
export const FRAME_BUDGET_MS = 12;
/**
 * Characters per ms assumed before anything was measured: low, because the first frames run cold
 * (markdownWarmUp.ts) and an estimate too high is a long frame, one too low only a short one.
 */
const INITIAL_CHARS_PER_MS = 50;
/**
 * The share of a frame's budget deferred work (colouring code) may use. Less than streamed text: its
 * DOM changes (a span per token) cost the browser more style and layout after the script than text
 * does, and in code-server the frames that coloured a burst's code with the whole budget ran 50-67 ms.
 */
const DEFERRED_SHARE = 0.5;
/** Every frame shows at least this much new text, however slow the last frames were. */
const MIN_CHARS = 512;
/**
 * The most new text the first frame of a burst takes, whatever the estimate says; each frame after
 * it, while the burst lasts, may take twice what the one before took. The estimate may come from
 * text far cheaper than the burst's: a prose stream taught 1,145 characters per ms, and the first
 * frame of a code-heavy burst then took 8,474 characters and ran 44 ms of script (a frame of 83-119
 * ms in code-server). Like a TCP slow start, this lets the measurement catch up before a frame grows.
 */
export const BURST_START_CHARS = 2048;

export class FrameBudget {
  private deadline = Number.POSITIVE_INFINITY;
  /** Until when deferred work may run in this frame (see DEFERRED_SHARE). */
  private deferredDeadline = Number.POSITIVE_INFINITY;
  private charsPerMs = INITIAL_CHARS_PER_MS;
  private held = false;
  /** Whether the frame before this one held text back. */
  private heldLastFrame = false;
  /** Characters allowed in this frame and in the one before (see BURST_START_CHARS). */
  private charsThisFrame = 0;
  private charsLastFrame = 0;
  /** Work that waits until streamed text has caught up (see defer). */
  private deferred: Array<() => void> = [];
  /** Frames started so far: how long streamed text has been waiting for its markdown (message.ts). */
  private frames = 0;
  /** Views that held text back, to be continued next frame. */
  private waiting = new Set<() => void>();

  constructor(
    private readonly budgetMs: number = FRAME_BUDGET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A frame starts; `budgetMs` Infinity renders everything in it. */
  startFrame(budgetMs: number = this.budgetMs): void {
    const start = this.now();
    this.deadline = start + budgetMs;
    this.deferredDeadline = start + budgetMs * DEFERRED_SHARE;
    this.heldLastFrame = this.held;
    this.held = false;
    this.charsLastFrame = this.charsThisFrame;
    this.charsThisFrame = 0;
    this.frames++;
  }

  /** The number of the current frame (counts every frame started). */
  get frame(): number {
    return this.frames;
  }

  /** True in a frame without a budget (the public flush): everything renders now. */
  get unlimited(): boolean {
    return !Number.isFinite(this.deadline);
  }

  /** Whether text was held back this frame: the app asks for another frame. */
  get heldBack(): boolean {
    return this.held;
  }

  /**
   * Whether streamed text is behind: held back in this frame or the last one (a burst far ahead
   * of the renderer). What can wait (colouring code) is then deferred, so the text itself is on
   * screen sooner.
   */
  get behind(): boolean {
    return this.held || this.heldLastFrame;
  }

  /** Work that can wait until the text has caught up: done by runDeferred, newest first. */
  defer(task: () => void): void {
    this.deferred.push(task);
  }

  /** Deferred tasks waiting. */
  get deferredCount(): number {
    return this.deferred.length;
  }

  /**
   * Runs deferred tasks in this frame's share for them (at least one, so they always progress; all
   * of them without a budget), newest first: what was rendered last is what a reader following the
   * bottom sees. True when some are still waiting: ask for another frame.
   */
  runDeferred(): boolean {
    let ran = 0;
    while (this.deferred.length > 0 && (ran === 0 || this.now() < this.deferredDeadline)) {
      const task = this.deferred.pop()!;
      ran++;
      try {
        task();
      } catch (error) {
        recordError('deferred rendering work failed', error);
      }
    }
    return this.deferred.length > 0;
  }

  /** A view held text back: `resume` renders more of it next frame. */
  holdBack(resume: () => void): void {
    this.held = true;
    this.waiting.add(resume);
  }

  /**
   * A view's queued text waits for its markdown pass by choice (message.ts markdownDue): `resume`
   * looks at it next frame. Unlike held-back text it is on screen, so the stream is not behind: were
   * it counted as held, the next pass would render only MIN_CHARS (the ramp after a frame that
   * rendered nothing) and every code block would be coloured late, as in a burst.
   */
  awaitFrame(resume: () => void): void {
    this.waiting.add(resume);
  }

  /** Whether a view asked for another frame: it held text back, or its queued text waits for a pass. */
  get wantsFrame(): boolean {
    return this.held || this.waiting.size > 0;
  }

  /** The views that held text back or wait for a frame (each once); they are no longer waiting. */
  takeWaiting(): Array<() => void> {
    const waiting = [...this.waiting];
    this.waiting.clear();
    return waiting;
  }

  /** How many of `wanted` new characters this frame may render (all of them without a budget). */
  allow(wanted: number): number {
    if (!Number.isFinite(this.deadline)) return wanted;
    const left = Math.max(0, this.deadline - this.now());
    const ramp = this.heldLastFrame ? 2 * this.charsLastFrame : BURST_START_CHARS;
    const allowed = Math.max(MIN_CHARS, Math.min(Math.floor(left * this.charsPerMs), ramp - this.charsThisFrame));
    if (allowed >= wanted) {
      this.charsThisFrame += wanted;
      return wanted;
    }
    this.held = true;
    this.charsThisFrame += allowed;
    return allowed;
  }

  /**
   * A renderer rendered `chars` new characters in `ms`: the estimate follows the last frames. It
   * falls at once to a slower measurement and rises gradually, so one slow frame (a cold start, a
   * costly block, a collection) is not followed by another too large, nor a fast one by a frame
   * that overruns.
   */
  spent(chars: number, ms: number): void {
    if (chars < 256 || ms <= 0 || !Number.isFinite(this.deadline)) return;
    const measured = chars / ms;
    // Blocks differ several-fold in cost per character (a code block's text against a table), so a
    // fast frame raises the estimate by at most a quarter: the next frame may hold a costly block.
    const next =
      measured < this.charsPerMs ? measured : Math.min(this.charsPerMs * 1.25, this.charsPerMs * 0.7 + measured * 0.3);
    this.charsPerMs = Math.max(10, Math.min(5000, next));
  }

  /** Times `render` of `chars` new characters and notes the throughput. */
  measure<T>(chars: number, render: () => T): T {
    const t0 = this.now();
    const result = render();
    this.spent(chars, this.now() - t0);
    return result;
  }
}

/** No budget: everything renders at once (tests, and the one-shot baseline of the bench). */
export function unlimitedBudget(): FrameBudget {
  return new FrameBudget(Number.POSITIVE_INFINITY);
}
