import { describe, expect, it } from 'vitest';
import { REDACTED, SecretRedactor } from '../../../src/agents/secretRedactor';

describe('SecretRedactor', () => {
  it('replaces every occurrence of a secret, raw and as JSON string text', () => {
    const redactor = new SecretRedactor();
    redactor.add('sk-"quoted"\\key');
    const json = JSON.stringify({ env: [{ name: 'KEY', value: 'sk-"quoted"\\key' }] });
    expect(redactor.redact(json)).toBe(`{"env":[{"name":"KEY","value":"${REDACTED}"}]}`);
    expect(redactor.redact('using sk-"quoted"\\key and sk-"quoted"\\key')).toBe(`using ${REDACTED} and ${REDACTED}`);
  });

  it('replaces a longer secret whole when it contains a shorter one', () => {
    const redactor = new SecretRedactor();
    redactor.add('abcdef');
    redactor.add('abcdef-123456');
    expect(redactor.redact('x abcdef-123456 y abcdef')).toBe(`x ${REDACTED} y ${REDACTED}`);
  });

  it('ignores values too short to be keys and leaves other text alone', () => {
    const redactor = new SecretRedactor();
    redactor.add('1');
    redactor.add('');
    expect(redactor.isEmpty).toBe(true);
    expect(redactor.redact('1 + 1')).toBe('1 + 1');
  });
});
