// A banner above the composer for every connection state that is not "ready": starting
// (spinner), sign-in required (one button per auth method), signing in, failed, stopped.
import type { ConnectionState, ThreadState } from '../../src/shared/thread';
import { button, h } from '../dom';
import { asText, visibleText } from '../visibleText';
import { renderErrorCard } from './transcript/failure';
import { agentName } from './header';
import type { Post } from './types';
import { t } from '../l10n';

export class ConnectionBanner {
  readonly el = h('div', { class: 'connection-banner', attrs: { role: 'status' } });
  private lastConnection: ConnectionState | null = null;
  /** Auth methods are only in the authRequired state; kept for the "Signing in with X" line. */
  private authMethods: { id: string; name: string }[] = [];

  constructor(private readonly post: Post) {
    this.el.hidden = true;
  }

  update(thread: ThreadState | null): void {
    const connection = thread?.connection ?? null;
    if (connection === this.lastConnection) return;
    this.lastConnection = connection;
    this.el.hidden = !thread || connection === null || connection.kind === 'ready';
    if (!thread || !connection || connection.kind === 'ready') {
      this.el.replaceChildren();
      return;
    }
    this.el.dataset.state = connection.kind;
    if (connection.kind === 'authRequired') this.authMethods = connection.methods;
    this.el.replaceChildren(...this.render(thread, connection));
  }

  private render(thread: ThreadState, connection: ConnectionState): Node[] {
    const agent = agentName(thread);
    switch (connection.kind) {
      case 'starting':
        return [spinnerLine(t('Starting {0}...', agent))];
      case 'authRequired':
        return [
          h('div', { class: 'banner-title', text: t('{0} needs you to sign in.', agent) }),
          h(
            'div',
            { class: 'auth-methods' },
            ...connection.methods.map((method) =>
              h(
                'div',
                { class: 'auth-method' },
                h('button', {
                  class: 'primary',
                  text: visibleText(method.name),
                  attrs: { type: 'button' },
                  data: { methodId: asText(method.id) },
                }),
                method.description
                  ? h('div', { class: 'auth-description', text: visibleText(method.description, { multiline: true }) })
                  : null,
              ),
            ),
          ),
        ].map((el) => this.wireAuth(el));
      case 'authenticating': {
        const method = this.authMethods.find((m) => m.id === connection.methodId);
        return [spinnerLine(t('Signing in{0}...', method ? t(' with {0}', visibleText(method.name)) : ''))];
      }
      case 'failed':
        // The failure is usually also a transcript entry with the full card; don't show it twice.
        return hasFailureEntry(thread)
          ? [h('div', { class: 'banner-title', text: t('{0} stopped working. See the error below.', agent) })]
          : [renderErrorCard(connection.failure, this.post)];
      case 'stopped':
        return [
          h('div', { class: 'banner-title', text: t('{0} is stopped.', agent) }),
          button(t('Restart agent'), 'restart-agent primary', () => this.post({ type: 'restartAgent' })),
        ];
      default:
        return [];
    }
  }

  private wireAuth(el: HTMLElement): HTMLElement {
    for (const btn of Array.from(el.querySelectorAll<HTMLButtonElement>('button[data-method-id]'))) {
      btn.addEventListener('click', () => {
        btn.disabled = true;
        this.post({ type: 'authenticate', methodId: btn.dataset.methodId ?? '' });
      });
    }
    return el;
  }
}

function spinnerLine(text: string): HTMLElement {
  return h(
    'div',
    { class: 'banner-progress' },
    h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } }),
    h('span', { text }),
  );
}

function hasFailureEntry(thread: ThreadState): boolean {
  for (let i = thread.entries.length - 1; i >= 0; i--) {
    const entry = thread.entries[i]!;
    if (entry.kind === 'failure') return true;
    if (entry.kind === 'user') return false; // a failure older than the last prompt is not this one
  }
  return false;
}
