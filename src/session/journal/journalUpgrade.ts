// Entries an older version journaled with our sentences in them, in today's shape: the sentence becomes a
// `said` reason (shared/entryReasons.ts), shown as it was written. Runs on each entry line before it is
// checked (journalShapes.ts); anything else passes unchanged. Pure.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A sentence an older version stored, as a `said` reason; anything else as it is. */
function said(value: unknown): unknown {
  return typeof value === 'string' ? { kind: 'said', text: value } : value;
}

/** `value` with an older version's sentence fields made `said` reasons; other values as they are. */
export function upgradeEntry(value: unknown): unknown {
  if (!isRecord(value)) return value;
  switch (value.kind) {
    case 'protocolError': {
      if (value.problem !== undefined || typeof value.title !== 'string' || typeof value.detail !== 'string')
        return value;
      const { title, detail, ...rest } = value;
      return { ...rest, problem: { kind: 'said', title, detail } };
    }
    case 'notice': {
      if (value.note !== undefined || typeof value.text !== 'string') return value;
      const { text, ...rest } = value;
      return { ...rest, note: { kind: 'said', text } };
    }
    case 'elicitation': {
      const form = value.form;
      if (!isRecord(form) || typeof form.unusable !== 'string') return value;
      return { ...value, form: { ...form, unusable: { kind: 'said', text: form.unusable } } };
    }
    case 'failure': {
      const failure = value.failure;
      if (!isRecord(failure) || failure.reason !== undefined || typeof failure.title !== 'string') return value;
      const { title, hint, ...rest } = failure;
      const reason = typeof hint === 'string' ? { kind: 'said', title, hint } : { kind: 'said', title };
      return { ...value, failure: { ...rest, reason } };
    }
    case 'elicitationUrl': {
      const link = value.link;
      if (!isRecord(link)) return value;
      return {
        ...value,
        link: {
          ...link,
          warnings: Array.isArray(link.warnings) ? link.warnings.map(said) : link.warnings,
          unusable: said(link.unusable),
        },
      };
    }
    case 'continued': {
      const edit = value.edit;
      if (!isRecord(edit) || typeof edit.reason !== 'string') return value;
      return { ...value, edit: { ...edit, reason: said(edit.reason) } };
    }
    default:
      return value;
  }
}
