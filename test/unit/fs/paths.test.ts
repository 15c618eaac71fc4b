import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import {
  checkRequestPath,
  displayPath,
  isAbsolutePath,
  isInsideAnyFolder,
  isInsideFolder,
} from '../../../src/fs/paths';

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

describe('checkRequestPath', () => {
  it('passes a plain absolute path through, normalising repeated and trailing separators', () => {
    expect(checkRequestPath('/ws/src/a.ts')).toEqual({ ok: true, path: '/ws/src/a.ts' });
    expect(checkRequestPath('/ws//src/a.ts')).toEqual({ ok: true, path: '/ws/src/a.ts' });
  });

  it('refuses each kind of non-path with its own message', () => {
    const message = (candidate: unknown) => {
      const checked = checkRequestPath(candidate);
      return checked.ok ? 'ok' : checked.message;
    };
    expect(message(undefined)).toBe('path must be a string');
    expect(message('')).toBe('path must not be empty');
    expect(message('/ws/a\0b')).toBe('path must not contain a NUL byte');
    expect(message('a.txt')).toBe('path must be absolute: a.txt');
    expect(message('C:\\x\\y')).toContain('Windows path');
    expect(message('c:/x')).toContain('Windows path');
    expect(message('\\\\srv\\share')).toContain('Windows path');
    expect(message('/ws/./a')).toContain('"." or ".." segments');
    expect(message('/ws/src/../../etc/passwd')).toBe(
      'path must not contain "." or ".." segments: /ws/src/../../etc/passwd (did you mean /etc/passwd?)',
    );
    expect(message('/ws/..foo/a')).toBe('ok');
  });

  it('uses the rules of the platform it is given (Windows paths on Windows)', () => {
    expect(checkRequestPath('C:\\ws\\a.ts', path.win32)).toEqual({ ok: true, path: 'C:\\ws\\a.ts' });
    expect(checkRequestPath('C:\\ws\\..\\a.ts', path.win32).ok).toBe(false);
  });
});

describe('displayPath', () => {
  it('makes newlines, controls, bidi and zero-width characters visible', () => {
    expect(displayPath('/ws/a\nb')).toBe('/ws/a\\u000Ab');
    expect(displayPath('/ws/invoice\u202Etxt.exe')).toBe('/ws/invoice\\u202Etxt.exe');
    expect(displayPath('/ws/a\u200Bb\uFEFF\u2066\u0007\u007F\u0085\u2028')).toBe(
      '/ws/a\\u200Bb\\uFEFF\\u2066\\u0007\\u007F\\u0085\\u2028',
    );
    expect(displayPath('/ws/tag\u{E0041}')).toBe('/ws/tag\\u{E0041}');
  });

  it('leaves ordinary text alone and doubles a POSIX backslash so an escape cannot be faked', () => {
    expect(displayPath('/home/me/Ünïcode 日本/a b.txt')).toBe('/home/me/Ünïcode 日本/a b.txt');
    expect(displayPath('/ws/a\\u202E')).toBe('/ws/a\\\\u202E');
    expect(displayPath('C:\\ws\\a.txt', path.win32)).toBe('C:\\ws\\a.txt');
  });
});
