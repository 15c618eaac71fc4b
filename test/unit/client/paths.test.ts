import { describe, expect, it } from 'vitest';
import { isAbsolutePath, isInsideAnyFolder, isInsideFolder } from '../../../src/client/paths';

describe('paths', () => {
  it('accepts only absolute string paths', () => {
    expect(isAbsolutePath('/home/u/a.txt')).toBe(true);
    expect(isAbsolutePath('a.txt')).toBe(false);
    expect(isAbsolutePath('./a.txt')).toBe(false);
    expect(isAbsolutePath('')).toBe(false);
    expect(isAbsolutePath(undefined)).toBe(false);
  });

  it('tells whether a file is inside a folder', () => {
    expect(isInsideFolder('/ws/src/a.ts', '/ws')).toBe(true);
    expect(isInsideFolder('/ws', '/ws')).toBe(true);
    expect(isInsideFolder('/ws/..foo', '/ws')).toBe(true);
    expect(isInsideFolder('/wsx/a.ts', '/ws')).toBe(false);
    expect(isInsideFolder('/ws/../etc/passwd', '/ws')).toBe(false);
    expect(isInsideFolder('/etc/passwd', '/ws')).toBe(false);
  });

  it('checks every workspace folder', () => {
    expect(isInsideAnyFolder('/b/x', ['/a', '/b'])).toBe(true);
    expect(isInsideAnyFolder('/c/x', ['/a', '/b'])).toBe(false);
    expect(isInsideAnyFolder('/a/x', [])).toBe(false);
  });
});
