import { useState } from 'react';
import { DARK_THEMES, LIGHT_THEMES, type Theme } from '@cloudstash/contract';
import { PageHeader } from '../../components/PageHeader';
import { applyTheme, persistTheme, readStoredTheme } from '../../lib/theme';

/** /dashboard/theme: a click re-colours the page at once and is remembered in this browser. */
export default function ThemePage() {
  const [current, setCurrent] = useState<Theme>(readStoredTheme);
  const choose = (theme: Theme) => {
    applyTheme(theme);
    persistTheme(theme);
    setCurrent(theme);
  };
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Change Theme"
        subtitle={
          <>
            Current theme: <strong className="capitalize">{current}</strong>
          </>
        }
      />
      <ThemeGroup title="Light Themes" themes={LIGHT_THEMES} current={current} onChoose={choose} />
      <ThemeGroup title="Dark Themes" themes={DARK_THEMES} current={current} onChoose={choose} />
    </div>
  );
}

interface ThemeGroupProps {
  title: string;
  themes: readonly Theme[];
  current: Theme;
  onChoose: (theme: Theme) => void;
}

function ThemeGroup({ title, themes, current, onChoose }: ThemeGroupProps) {
  const id = title.toLowerCase().replace(/\s+/g, '-');
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {title} <span className="text-base-content/80">({themes.length})</span>
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {themes.map((theme) => (
          <li key={theme}>
            <button
              type="button"
              onClick={() => onChoose(theme)}
              aria-pressed={current === theme}
              className={`w-full overflow-hidden rounded-box border-2 text-left transition hover:scale-[1.02] ${
                current === theme ? 'border-primary ring-2 ring-primary' : 'border-base-300'
              }`}
            >
              {/* A swatch painted in the theme itself, so the choice can be seen before it is made. */}
              <div data-theme={theme} className="bg-base-100 p-3 text-base-content">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold capitalize">{theme}</span>
                  {current === theme && <span className="badge badge-primary badge-xs">Active</span>}
                </div>
                <div className="mt-2 flex gap-1" aria-hidden="true">
                  <span className="h-4 flex-1 rounded bg-primary" />
                  <span className="h-4 flex-1 rounded bg-secondary" />
                  <span className="h-4 flex-1 rounded bg-accent" />
                  <span className="h-4 flex-1 rounded bg-neutral" />
                </div>
              </div>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
