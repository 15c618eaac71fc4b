// Keeps a scroll container at its bottom while new content arrives, as long as the reader is there:
// scrolling up (the wheel at once, or any move up) stops it and shows "Jump to latest"; reaching the
// bottom again, or the button, resumes it. The transcript (transcript.ts) calls followBottom after
// each frame's DOM work; heights that change outside our frames (images load, off-screen entries get
// their real size, details open) are followed through a ResizeObserver on the content, and so is
// the container's own height (the composer or the rows above it changing size).
// While the button shows, the container has the class `jump-shown`: chat.css ends the container above
// the button, so the button covers none of the transcript (it once hid the last card's chip).
import { button, setHidden } from '../../dom';
import { t } from '../../l10n';

const BOTTOM_SLACK_PX = 24;

export class BottomFollower {
  readonly jumpButton: HTMLButtonElement;
  private sticking = true;
  private lastScrollTop = 0;

  /** `el`: the scroll container (class `following` while it follows); `content`: what grows inside it. */
  constructor(
    private readonly el: HTMLElement,
    content: HTMLElement,
  ) {
    el.classList.add('following');
    this.jumpButton = button(t('Jump to latest'), 'jump-to-latest secondary', () => this.scrollToBottom());
    this.jumpButton.hidden = true;
    el.addEventListener('scroll', () => this.onScroll(), { passive: true });
    // Scrolling up with the wheel unsticks at once, even while new content keeps arriving.
    el.addEventListener('wheel', (event) => event.deltaY < 0 && this.unstick(), { passive: true });
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(() => this.followBottom());
      observer.observe(content);
      // The container itself shrinks when something below it grows (the composer gets a line, the
      // pending-changes row appears): its bottom would be cut off until the next frame renders.
      observer.observe(el);
    }
  }

  /** Whether the view follows the bottom (the reader has not scrolled up). */
  get following(): boolean {
    return this.sticking;
  }

  /** Call after each frame's DOM work: keeps the newest content in view while the reader is at the bottom. */
  followBottom(): void {
    if (!this.sticking) return;
    this.el.scrollTop = this.el.scrollHeight;
    this.lastScrollTop = this.el.scrollTop;
  }

  scrollToBottom(): void {
    this.setSticking(true);
    this.showJump(false);
    this.followBottom();
  }

  /** Follows again from the next frame (another chat is shown). */
  resume(): void {
    this.setSticking(true);
  }

  /** Shows the content at `scrollTop`, not following (a reader's saved place). */
  showAt(scrollTop: number): void {
    this.setSticking(false);
    this.showJump(true);
    this.el.scrollTop = scrollTop;
    this.lastScrollTop = this.el.scrollTop;
  }

  /**
   * Growing content never moves scrollTop up, so only a decrease means the user scrolled away;
   * reaching the bottom again re-sticks.
   */
  private onScroll(): void {
    const top = this.el.scrollTop;
    const distance = this.el.scrollHeight - top - this.el.clientHeight;
    if (distance <= BOTTOM_SLACK_PX) {
      this.setSticking(true);
      this.showJump(false);
    } else if (top < this.lastScrollTop - 1) {
      this.unstick();
    }
    this.lastScrollTop = top;
  }

  private unstick(): void {
    this.setSticking(false);
    this.showJump(true);
  }

  /**
   * Only when it changes: this runs on every frame that follows the bottom, and setting the attribute or
   * class again invalidates styles each time. Showing it ends the container above it (chat.css), which
   * keeps scrollTop: what the reader sees at the top stays in place.
   */
  private showJump(shown: boolean): void {
    if (this.jumpButton.hidden !== shown) return;
    setHidden(this.jumpButton, !shown);
    this.el.classList.toggle('jump-shown', shown);
  }

  /**
   * While it follows the bottom, the container scrolls itself after each frame, so the browser's
   * scroll anchoring (which keeps the content in view from moving when something above changes
   * size) has nothing to do but costs every layout; it is on only while the user reads above.
   */
  private setSticking(sticking: boolean): void {
    this.sticking = sticking;
    this.el.classList.toggle('following', sticking);
  }
}
