import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from '../../src/config';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../../.env.example');

/** `NAME=value` lines of the file, comments and blank lines skipped. */
function readExample(): Record<string, string> {
  const entries = fs
    .readFileSync(EXAMPLE, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)] as const;
    });
  return Object.fromEntries(entries);
}

describe('.env.example', () => {
  it('names every setting the server reads, and nothing else', () => {
    expect(Object.keys(readExample()).sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('gives each setting its default, so copying it unchanged runs the embedded setup', () => {
    expect(loadConfig(readExample())).toEqual(loadConfig({}));
  });
});
