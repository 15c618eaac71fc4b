// Pending session/request_permission requests of one thread. Each gets a host-local id from a
// counter (deterministic, so tests and transcripts are stable) and settles exactly once. An
// answer that is not one of the offered options settles as `cancelled`: never a silent allow.
import type * as acp from '@agentclientprotocol/sdk';

export type PermissionOutcome = { kind: 'selected'; optionId: string } | { kind: 'cancelled' };

interface Pending {
  options: acp.PermissionOption[];
  settle(response: acp.RequestPermissionResponse): void;
}

export class PendingPermissions {
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly idPrefix = 'permission-') {}

  open(options: acp.PermissionOption[]): { permissionId: string; response: Promise<acp.RequestPermissionResponse> } {
    const permissionId = `${this.idPrefix}${this.nextId++}`;
    const response = new Promise<acp.RequestPermissionResponse>((settle) => {
      this.pending.set(permissionId, { options, settle });
    });
    return { permissionId, response };
  }

  /** Answers the request; returns what was answered, or undefined when it is not pending. */
  resolve(permissionId: string, optionId: string | null): PermissionOutcome | undefined {
    const entry = this.pending.get(permissionId);
    if (!entry) return undefined;
    this.pending.delete(permissionId);
    const offered = optionId !== null && entry.options.some((option) => option.optionId === optionId);
    if (offered) {
      entry.settle({ outcome: { outcome: 'selected', optionId } });
      return { kind: 'selected', optionId };
    }
    entry.settle({ outcome: { outcome: 'cancelled' } });
    return { kind: 'cancelled' };
  }

  /** Answers every pending request `cancelled`; returns their ids. */
  cancelAll(): string[] {
    const ids = [...this.pending.keys()];
    for (const id of ids) this.resolve(id, null);
    return ids;
  }

  get size(): number {
    return this.pending.size;
  }
}
