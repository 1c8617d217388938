import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DARK_THEMES, DEFAULT_THEME, LIGHT_THEMES, THEME_STORAGE_KEY } from '@cloudstash/contract';
import { applyTheme, persistTheme, readStoredTheme } from './theme';
import { memoryStorage } from '../test-support';

describe('theme persistence', () => {
  it('defaults to dark when nothing is saved', () => {
    expect(readStoredTheme(memoryStorage())).toBe('dark');
    expect(DEFAULT_THEME).toBe('dark');
  });

  it('remembers the chosen theme under the shared key', () => {
    const storage = memoryStorage();
    persistTheme('cupcake', storage);
    expect(storage.data.get(THEME_STORAGE_KEY)).toBe('cupcake');
    expect(readStoredTheme(storage)).toBe('cupcake');
  });

  it('ignores an unknown saved value and a blocked storage', () => {
    const storage = memoryStorage();
    storage.setItem(THEME_STORAGE_KEY, 'neon');
    expect(readStoredTheme(storage)).toBe('dark');
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredTheme(blocked)).toBe('dark');
    expect(() => persistTheme('retro', blocked)).not.toThrow();
  });

  it('applies a theme through data-theme on the root element', () => {
    applyTheme('forest');
    expect(document.documentElement.getAttribute('data-theme')).toBe('forest');
  });

  it('offers 16 light and 13 dark themes, all enabled in the stylesheet', () => {
    expect(LIGHT_THEMES).toHaveLength(16);
    expect(DARK_THEMES).toHaveLength(13);
    const css = fs.readFileSync(path.resolve(__dirname, '../index.css'), 'utf8');
    const block = /themes:([^;]+);/.exec(css)![1]!;
    const enabled = block.split(',').map((t) => t.replace('--default', '').trim());
    expect([...enabled].sort()).toEqual([...LIGHT_THEMES, ...DARK_THEMES].sort());
    expect(block).toMatch(/dark --default/);
  });

  it('keeps the pre-paint script in step with the contract', () => {
    const script = fs.readFileSync(path.resolve(__dirname, '../../public/theme-init.js'), 'utf8');
    expect(script).toContain(`'${THEME_STORAGE_KEY}'`);
  });
});
