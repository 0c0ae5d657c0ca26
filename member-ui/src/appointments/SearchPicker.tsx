import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from '../common/useDebouncedCallback';

/** Typing settles for this long before a picker asks the server. */
export const PICKER_DEBOUNCE_MS = 375;

export interface PickerOption {
  id: string;
  name: string;
}

export interface SearchPickerProps<T extends PickerOption> {
  label: string;
  name: string;
  placeholder: string;
  value: PickerOption[];
  onChange: (next: PickerOption[]) => void;
  /** ids that cannot be picked (already participants) */
  excludeIds?: readonly string[];
  search: (q: string) => Promise<T[]>;
  /** ask the server with an empty query too (short lists such as groups and roles) */
  searchEmpty?: boolean;
  /** a muted second line of an option, e.g. a member count */
  describe?: (option: T) => ReactNode;
  testId: string;
  /** data-testid of the picked items and of the options (kept stable for the browser tests) */
  pickedTestId?: string;
  optionTestId?: string;
}

type Results<T> = { query: string; options: T[] } | null;

/**
 * A combobox that searches as you type and collects several picks as removable chips. Keyboard: arrow keys move
 * through the options, Enter picks, Escape closes the list, Backspace in the empty field removes the last pick.
 */
export const SearchPicker = <T extends PickerOption>({
  label,
  name,
  placeholder,
  value,
  onChange,
  excludeIds = [],
  search,
  searchEmpty = false,
  describe,
  testId,
  pickedTestId = 'picked-option',
  optionTestId = 'picker-option',
}: SearchPickerProps<T>) => {
  const { t } = useTranslation();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [results, setResults] = useState<Results<T>>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const latestSearch = useRef(search);
  const debounced = useDebouncedCallback((q: string) => setQuery(q), PICKER_DEBOUNCE_MS);

  useEffect(() => {
    latestSearch.current = search;
  }, [search]);

  useEffect(() => {
    if (query === null) return undefined;
    const q = query.trim();
    if (!q && !searchEmpty) {
      setResults(null);
      return undefined;
    }
    let current = true;
    latestSearch
      .current(q)
      .then((options) => {
        if (current) setResults({ query: q, options });
      })
      .catch(() => {
        if (current) setResults({ query: q, options: [] });
      });
    return () => {
      current = false;
    };
  }, [query, searchEmpty]);

  const taken = new Set([...value.map((option) => option.id), ...excludeIds]);
  const options = (results?.options ?? []).filter((option) => !taken.has(option.id));
  const expanded = open && results !== null;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-${index}`;

  // a pick starts the next search afresh: the field empties (short lists show all again, the directory closes)
  const pick = (option: T) => {
    onChange([...value, { id: option.id, name: option.name }]);
    setActive(0);
    setText('');
    debounced.cancel();
    setQuery(searchEmpty ? '' : null);
    if (!searchEmpty) setResults(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          if (query === null) setQuery(text);
        } else setActive(options.length === 0 ? 0 : (activeIndex + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (expanded) setActive(options.length === 0 ? 0 : (activeIndex - 1 + options.length) % options.length);
        break;
      case 'Enter':
        // Enter picks; it never submits the surrounding form from inside the picker
        event.preventDefault();
        if (expanded && options[activeIndex]) pick(options[activeIndex]);
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
        }
        break;
      case 'Backspace':
        if (text === '' && value.length > 0) onChange(value.slice(0, -1));
        break;
      default:
    }
  };

  return (
    <div className="member-picker search-picker" data-testid={testId}>
      <label htmlFor={inputId}>{label}</label>
      {value.length > 0 ? (
        <ul className="picked" aria-label={t('appointments.picker.picked', { label })}>
          {value.map((option) => (
            <li key={option.id} className="picked__item" data-testid={pickedTestId} data-option-id={option.id}>
              {option.name}
              <button
                type="button"
                className="icon-button"
                aria-label={t('appointments.picker.remove', { name: option.name })}
                onClick={() => onChange(value.filter((entry) => entry.id !== option.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="search-picker__field">
        <input
          id={inputId}
          type="search"
          name={name}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && options.length > 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
            debounced.run(event.target.value);
          }}
          onFocus={() => {
            setOpen(true);
            if (searchEmpty && query === null) setQuery('');
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} className="search-picker__options" role="listbox" aria-label={label} hidden={!expanded}>
          {expanded
            ? options.map((option, index) => (
                <li
                  key={option.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={`search-picker__option ${index === activeIndex ? 'search-picker__option--active' : ''}`}
                  data-testid={optionTestId}
                  data-option-id={option.id}
                  // mousedown, not click: the input keeps its focus and the list stays open for the next pick
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(option);
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  <span className="search-picker__name">{option.name}</span>
                  {describe ? <span className="search-picker__detail">{describe(option)}</span> : null}
                </li>
              ))
            : null}
        </ul>
        {expanded && options.length === 0 ? (
          <p className="search-picker__empty muted" data-testid={`${testId}-empty`}>
            {t('appointments.picker.no_results')}
          </p>
        ) : null}
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {expanded ? t('appointments.picker.results', { count: options.length }) : ''}
      </span>
    </div>
  );
};
