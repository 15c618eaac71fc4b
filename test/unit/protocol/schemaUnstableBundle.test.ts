// The host bundle carries only part of the SDK's unstable schema (scripts/build/schemaAnnotations.mjs): the definitions
// the stable schema lacks and the SessionUpdate union, without annotations. Here: that part is small, and the
// schema check decides every case of the subagent gate tests the same way with it (they run again below, against
// the part the bundle carries).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { unstableSchemaForBundle } from '../../../scripts/build/schemaAnnotations.mjs';

vi.mock('../../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.unstable.json', async (importOriginal) => {
  const { unstableSchemaForBundle: forBundle } = await import('../../../scripts/build/schemaAnnotations.mjs');
  const nodeFs = await import('node:fs');
  const nodePath = await import('node:path');
  const stable = JSON.parse(
    nodeFs.readFileSync(
      nodePath.resolve(__dirname, '../../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.json'),
      'utf8',
    ),
  ) as unknown;
  const original = (await importOriginal()) as { default: unknown };
  return { default: forBundle(original.default, stable) };
});

// The subagent gate's own cases, with the unstable schema as the bundle carries it (the mock above).
import '../session/subagentGate.test';

describe('the part of the unstable schema the bundle carries', () => {
  const dir = path.resolve(__dirname, '../../../node_modules/@agentclientprotocol/sdk/schema/v1');
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { $defs: object };

  it('is what the schema check reads in this file (the mock applies), a tenth of the file', async () => {
    const full = read('schema.unstable.json');
    const carried = unstableSchemaForBundle(full, read('schema.json'));
    const imported =
      (await import('../../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.unstable.json')) as {
        default: unknown;
      };
    expect(imported.default).toEqual(carried);
    expect(JSON.stringify(carried).length).toBeLessThan(JSON.stringify(full).length / 10);
  });
});
