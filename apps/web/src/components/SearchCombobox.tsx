import { useId, useState, type KeyboardEvent, type Ref } from 'react';

/** One choice of a search's results. */
export interface ComboOption {
  /** Unique among the options ('user:{id}', 'group:{id}'). */
  key: string;
  label: string;
  /** A second line: an email, a member count. */
  detail?: string;
  /** The heading the option is listed under (People, Groups); options of one section come together. */
  section: string;
}

interface SearchComboboxProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  options: readonly ComboOption[];
  onPick: (option: ComboOption) => void;
  placeholder?: string;
  /** The id of a text that describes the field (a hint, the last refusal). */
  describedBy?: string;
  disabled?: boolean;
  /** The field itself, for a screen that moves focus back to it (after a share is made or removed). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A search field with its results listed under it (the ARIA combobox pattern): typing searches, the arrow keys
 * walk the results, Enter or a click picks one, and Escape closes the list without leaving a dialog it sits in.
 * Enter with no result highlighted is left to the form, which may send what was typed. The list floats over what
 * follows, so opening and closing it (a blur closes it) never moves a button between a press and its release.
 */
export function SearchCombobox({
  label,
  value,
  onChange,
  options,
  onPick,
  placeholder,
  describedBy,
  disabled,
  inputRef,
}: SearchComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed && value.trim() !== '' && options.length > 0;
  // A highlight that is no longer among the results (the search changed) highlights nothing.
  const activeIndex = open ? options.findIndex((option) => option.key === activeKey) : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (option: ComboOption) => {
    setActiveKey(null);
    setDismissed(true);
    onPick(option);
  };
  const move = (step: 1 | -1) => {
    const next = activeIndex < 0 ? (step === 1 ? 0 : options.length - 1) : activeIndex + step;
    setActiveKey(options[(next + options.length) % options.length]?.key ?? null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setDismissed(false);
      if (options.length > 0) move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      pick(options[activeIndex]!);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only: the dialog around it stays open until the next Escape.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
    }
  };

  const sections = [...new Set(options.map((option) => option.section))];
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend text-sm">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="search"
          role="combobox"
          className="input w-full"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            setDismissed(false);
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(true)}
          onFocus={() => setDismissed(false)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={`${label}: results`}
          hidden={!open}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
        >
          {sections.map((section) => (
            <div key={section} role="group" aria-label={section}>
              <div aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold text-base-content/80">
                {section}
              </div>
              {options.map((option, index) =>
                option.section !== section ? null : (
                  <div
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={`flex cursor-pointer flex-col rounded-field px-3 py-1.5 ${
                      index === activeIndex
                        ? 'bg-base-200 ring-2 ring-primary ring-inset'
                        : 'hover:bg-base-200'
                    }`}
                    // Keeps focus in the field, so the pick does not first close the list by blurring it.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(option)}
                  >
                    <span className="truncate font-medium">{option.label}</span>
                    {option.detail && (
                      <span className="truncate text-xs text-base-content/80">{option.detail}</span>
                    )}
                  </div>
                ),
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
