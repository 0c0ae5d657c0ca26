import {
  ADDRESS_PARTS,
  fieldTypeOf,
  formatLocaleDate,
  GERMAN_STATES,
  GERMANY,
  localeDatePattern,
  NO_SELECTION,
  offersNoSelection,
  parseLocaleDate,
  propertyTagParents,
  roundToPrecision,
  selectableOptions,
  type AddressValue,
  type LinkValue,
  type PropertyDefinition,
  type TagSuggestion,
  type TagValue,
} from '@cn/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichEditor } from '../channels/RichEditor';
import { RichText } from '../channels/RichText';
import { MentionPicker } from '../notifications/MentionPicker';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { useAppsApi, useLocale } from './apps-queries';
import type { PropertyErrors } from './field-errors';
import { FilePickerInput, RelationInput } from './PickerInputs';

export interface FieldProps {
  property: PropertyDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  errors: PropertyErrors | undefined;
  /** names of members the value holds (membership) */
  memberNames: Record<string, string>;
  /** the app the form is for: a tag field suggests the tags used under its own property (`<app id>/<property id>`) */
  appId?: string;
}

/** an error key in the apps' wording, else the general one (never the raw key) */
export const useErrorText = () => {
  const { t, i18n } = useTranslation();
  return (key: string): string => t(i18n.exists(`apps.errors.${key}`) ? `apps.errors.${key}` : i18n.exists(`errors.${key}`) ? `errors.${key}` : 'apps.errors.invalid');
};

const Help = ({ id, text }: { id: string; text: string | undefined }) =>
  text ? (
    <p className="field__error apps-field__error" id={id} data-testid={`error-${id}`}>
      {text}
    </p>
  ) : null;

/**
 * Multiline text and html: the posts' rich composer (the server keeps only what the posts' sanitiser
 * keeps); a disabled one shows the text as rich text.
 */
const RichTextInput = ({ property, value, onChange, disabled }: FieldProps) => {
  const html = typeof value === 'string' ? value : '';
  if (disabled) return html === '' ? <p className="apps-readonly" id={`field-${property.name}`} /> : <RichText html={html} className="apps-readonly" testId={`field-${property.name}`} />;
  return (
    <div className="apps-composer" data-testid={`composer-${property.name}`}>
      <RichEditor id={`field-${property.name}`} labelledBy={`label-${property.name}`} initial={html} onChange={onChange} images />
      <MentionPicker editorId={`field-${property.name}`} html={html} onChange={onChange} />
    </div>
  );
};

const TextInput = ({ property, value, onChange, disabled }: FieldProps) => {
  const text = typeof value === 'string' ? value : '';
  return (
    <input
      id={`field-${property.name}`}
      name={property.name}
      value={text}
      disabled={disabled}
      maxLength={property.maxlength ?? undefined}
      required={property.required}
      type={property.type === 'email' ? 'email' : 'text'}
      onChange={(event) => onChange(event.target.value)}
    />
  );
};

const NumberInput = ({ property, value, onChange, disabled }: FieldProps) => {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  useEffect(() => setText(typeof value === 'number' ? String(value) : ''), [value]);
  const step = property.precision === null ? 'any' : property.precision === 0 ? '1' : (1 / 10 ** property.precision).toFixed(property.precision);
  return (
    <span className="apps-affixed">
      {property.prefix && <span className="apps-affix">{property.prefix}</span>}
      <input
        id={`field-${property.name}`}
        name={property.name}
        type="number"
        inputMode="decimal"
        step={step}
        min={property.min ?? undefined}
        max={property.max ?? undefined}
        value={text}
        disabled={disabled}
        required={property.required}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          const parsed = text.trim() === '' ? null : Number(text.replace(',', '.'));
          const next = parsed === null || !Number.isFinite(parsed) ? null : roundToPrecision(parsed, property.precision);
          setText(next === null ? '' : String(next));
          onChange(next);
        }}
      />
      {property.postfix && <span className="apps-affix">{property.postfix}</span>}
    </span>
  );
};

const DateInput = ({ property, value, onChange, disabled }: FieldProps) => {
  const locale = useLocale();
  const stored = typeof value === 'string' ? value : '';
  const [text, setText] = useState(formatLocaleDate(stored, locale));
  useEffect(() => setText(formatLocaleDate(stored, locale)), [stored, locale]);
  return (
    <input
      id={`field-${property.name}`}
      name={property.name}
      type="text"
      inputMode="numeric"
      placeholder={localeDatePattern(locale)}
      value={text}
      disabled={disabled}
      required={property.required}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        // strictly the locale's pattern; anything else leaves the date empty
        const parsed = parseLocaleDate(text, locale);
        setText(parsed === null ? '' : formatLocaleDate(parsed, locale));
        onChange(parsed);
      }}
    />
  );
};

const SelectionInput = ({ property, value, onChange, disabled }: FieldProps) => {
  const { t } = useTranslation();
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const options = selectableOptions(property);
  if (property.multiple) {
    return (
      <fieldset className="apps-choices" id={`field-${property.name}`} disabled={disabled}>
        {options.map((option) => (
          <label key={option.value} className="apps-choice">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) => onChange(event.target.checked ? [...selected, option.value] : selected.filter((entry) => entry !== option.value))}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <select
      id={`field-${property.name}`}
      name={property.name}
      value={selected[0] ?? (offersNoSelection(property) ? NO_SELECTION : '')}
      disabled={disabled}
      required={property.required}
      onChange={(event) => onChange(event.target.value === NO_SELECTION || event.target.value === '' ? [] : [event.target.value])}
    >
      {offersNoSelection(property) ? <option value={NO_SELECTION}>{t('apps.form.no_selection')}</option> : selected.length === 0 && <option value="">{t('apps.form.choose')}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
};

/**
 * the parents a tag field's suggestions come from: its tag parents (the groups it takes tags from) and the
 * tags used under this very property; the server refuses a tag of another group all the same
 */
export const tagParentsOf = (appId: string | undefined, property: Pick<PropertyDefinition, 'id'> & { tag_parents?: readonly string[] }): string[] =>
  appId ? [...propertyTagParents(property), `${appId}/${property.id}`] : [...propertyTagParents(property)];

/**
 * Tags: chips of the picked tags and an input that suggests the network's tags as the member types
 * (`GET /tags/find`, debounced, narrowed to the property's tag parents); a name nobody used yet is offered
 * (and taken on Enter or leaving the field) only where the property allows creating tags.
 */
const TagInput = ({ property, value, onChange, disabled, errors, appId }: FieldProps) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const api = useAppsApi();
  const tags = Array.isArray(value) ? (value as TagValue[]) : [];
  const [draft, setDraft] = useState('');
  const [suggestions, setSuggestions] = useState<TagSuggestion[]>([]);
  const picked = (name: string): boolean => tags.some((tag) => tag.name.toLowerCase() === name.toLowerCase());
  const suggest = useDebouncedCallback((q: string) => {
    if (q.trim() === '') {
      setSuggestions([]);
      return;
    }
    void api.findTags(q.trim(), tagParentsOf(appId, property), !property.allow_create, appId ? `${appId}/${property.id}` : undefined).then(
      (answer) => setSuggestions(answer.tags),
      () => setSuggestions([]),
    );
  }, 250);
  const take = (tag: TagValue) => {
    suggest.cancel();
    setDraft('');
    setSuggestions([]);
    if (picked(tag.name)) return;
    onChange(property.multiple ? [...tags, tag] : [tag]);
  };
  /** the typed name: the known tag of that name if one was suggested, else a new one where allowed */
  const add = () => {
    const name = draft.trim();
    if (name === '') return;
    const known = suggestions.find((suggestion) => !suggestion.new && suggestion.name.toLowerCase() === name.toLowerCase());
    if (known) take({ id: known.id, name: known.name });
    else if (property.allow_create) take({ id: '', name });
  };
  const offered = suggestions.filter((suggestion) => !picked(suggestion.name));
  return (
    <div className="apps-tags" id={`field-${property.name}`}>
      {tags.map((tag, index) => (
        <span key={`${tag.id}:${tag.name}`} className="apps-chip">
          {tag.name}
          {!disabled && (
            <button type="button" className="apps-chip__remove" aria-label={t('apps.form.remove', { name: tag.name })} onClick={() => onChange(tags.filter((_entry, at) => at !== index))}>
              ×
            </button>
          )}
          {errors?.parts[String(index)] && <span className="field__error">{errorText(errors.parts[String(index)])}</span>}
        </span>
      ))}
      {!disabled && (
        <div className="apps-picker">
          <input
            name={property.name}
            value={draft}
            placeholder={t(property.allow_create ? 'apps.form.add_tag' : 'apps.form.search_tag')}
            autoComplete="off"
            role="combobox"
            aria-expanded={offered.length > 0}
            aria-autocomplete="list"
            onChange={(event) => {
              setDraft(event.target.value);
              suggest.run(event.target.value);
            }}
            onBlur={add}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ',') {
                event.preventDefault();
                add();
              } else if (event.key === 'Escape') setSuggestions([]);
            }}
          />
          {offered.length > 0 && (
            <ul className="apps-picker__hits" role="listbox" data-testid={`tag-suggestions-${property.name}`}>
              {offered.map((suggestion) => (
                <li key={suggestion.id || `new:${suggestion.name}`}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={false}
                    // keeps the input's blur from taking the typed text before the click picks this one
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => take({ id: suggestion.id, name: suggestion.name })}
                  >
                    {suggestion.new ? t('apps.form.create_tag', { name: suggestion.name }) : suggestion.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {property.internal && <p className="muted apps-tags__internal">{t('apps.form.internal_tags')}</p>}
    </div>
  );
};

const MembershipInput = ({ property, value, onChange, disabled, memberNames }: FieldProps) => {
  const { t } = useTranslation();
  const api = useAppsApi();
  const ids = Array.isArray(value) ? (value as string[]) : [];
  const [names, setNames] = useState<Record<string, string>>(memberNames);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Array<{ id: string; name: string }>>([]);
  const search = useDebouncedCallback((q: string) => {
    if (q.trim().length < 1) {
      setHits([]);
      return;
    }
    void api.searchMembers(q).then(
      (answer) => setHits(answer.entries.map((entry) => ({ id: entry.id, name: entry.name }))),
      () => setHits([]),
    );
  }, 250);
  const pick = (hit: { id: string; name: string }) => {
    setNames((current) => ({ ...current, [hit.id]: hit.name }));
    onChange(property.multiple ? [...ids.filter((id) => id !== hit.id), hit.id] : [hit.id]);
    setQuery('');
    setHits([]);
  };
  return (
    <div className="apps-members" id={`field-${property.name}`}>
      {ids.map((id) => (
        <span key={id} className="apps-chip" data-testid={`member-${id}`}>
          {names[id] ?? memberNames[id] ?? t('apps.form.unknown_member')}
          {!disabled && (
            <button type="button" className="apps-chip__remove" aria-label={t('apps.form.remove', { name: names[id] ?? id })} onClick={() => onChange(ids.filter((entry) => entry !== id))}>
              ×
            </button>
          )}
        </span>
      ))}
      {!disabled && (property.multiple || ids.length === 0) && (
        <div className="apps-picker">
          <input
            name={property.name}
            value={query}
            placeholder={t('apps.form.search_member')}
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.target.value);
              search.run(event.target.value);
            }}
          />
          {hits.length > 0 && (
            <ul className="apps-picker__hits" role="listbox">
              {hits.map((hit) => (
                <li key={hit.id}>
                  <button type="button" role="option" aria-selected={false} onClick={() => pick(hit)}>
                    {hit.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
};

const AddressInput = ({ property, value, onChange, disabled, errors }: FieldProps) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const address: AddressValue = { name: '', street: '', number: '', zip: '', city: '', state: '', country: property.country, ...(value as Partial<AddressValue> | null) };
  const germany = (property.country || address.country) === GERMANY;
  const set = (part: keyof AddressValue, text: string) => onChange({ ...address, [part]: text });
  const parts = ADDRESS_PARTS.filter((part) => (part !== 'name' || property.with_name) && !(part === 'country' && property.country !== ''));
  return (
    <div className="apps-address" id={`field-${property.name}`}>
      {parts.map((part) => (
        <label key={part} className={`apps-address__${part}`}>
          <span>{t(`apps.address.${part}`)}</span>
          {part === 'state' && germany ? (
            <select name={`${property.name}.state`} value={address.state} disabled={disabled} onChange={(event) => set('state', event.target.value)}>
              <option value="">{t('apps.form.no_selection')}</option>
              {GERMAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          ) : (
            <input name={`${property.name}.${part}`} value={address[part]} disabled={disabled} onChange={(event) => set(part, event.target.value)} />
          )}
          {errors?.parts[part] && <span className="field__error" data-testid={`error-${property.name}.${part}`}>{errorText(errors.parts[part])}</span>}
        </label>
      ))}
    </div>
  );
};

const UrlInput = ({ property, value, onChange, disabled }: FieldProps) => {
  const link = value as LinkValue | null;
  return (
    <input
      id={`field-${property.name}`}
      name={property.name}
      type="url"
      value={link?.url ?? ''}
      disabled={disabled}
      required={property.required}
      onChange={(event) => onChange(event.target.value === '' ? null : { url: event.target.value, text: link?.text ?? '' })}
    />
  );
};

const ReadOnly = ({ text }: { text: ReactNode }) => <p className="apps-readonly">{text}</p>;

/** One property's input, chosen by its type; the label, hint, required marker and server errors around it. */
export const FieldInput = (props: FieldProps) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { property, errors } = props;
  const type = fieldTypeOf(property.type);
  if (property.type === 'headline') return <h3 className="apps-headline">{property.label}</h3>;
  if (type?.displayOnly) return null;
  let input: ReactNode;
  switch (property.type) {
    case 'text':
    case 'html':
    case 'email':
      input = property.multiline || property.type === 'html' ? <RichTextInput {...props} /> : <TextInput {...props} />;
      break;
    case 'number':
      input = <NumberInput {...props} />;
      break;
    case 'date':
      input = <DateInput {...props} />;
      break;
    case 'selection':
      input = <SelectionInput {...props} />;
      break;
    case 'tag':
      input = <TagInput {...props} />;
      break;
    case 'membership':
      input = <MembershipInput {...props} />;
      break;
    case 'address':
      input = <AddressInput {...props} />;
      break;
    case 'url':
      input = <UrlInput {...props} />;
      break;
    case 'image':
    case 'file':
      input = <FilePickerInput {...props} />;
      break;
    case 'relation':
      input = <RelationInput {...props} />;
      break;
    default:
      input = <ReadOnly text={t('apps.form.unsupported_field_type')} />;
  }
  const listErrors = property.type === 'address' || property.type === 'tag' ? [] : Object.entries(errors?.parts ?? {});
  return (
    <div className={`field apps-field apps-field--${property.size}${errors?.self ? ' field--invalid' : ''}`} data-testid={`property-${property.name}`}>
      <label htmlFor={`field-${property.name}`} id={`label-${property.name}`}>
        {property.label}
        {property.required && (
          <span className="apps-required" aria-label={t('apps.form.required')}>
            {' *'}
          </span>
        )}
      </label>
      {input}
      {property.hint && <p className="muted apps-hint">{property.hint}</p>}
      <Help id={property.name} text={errors?.self ? errorText(errors.self) : undefined} />
      {listErrors.map(([part, key]) => (
        <p key={part} className="field__error" data-testid={`error-${property.name}.${part}`}>
          {t('apps.form.entry_error', { number: Number(part) + 1, error: errorText(key) })}
        </p>
      ))}
    </div>
  );
};
