import type { AppointmentCategoryDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { MemberPicker } from '../MemberPicker';
import { Check, FieldError, Fieldset, patch, type SectionProps } from './form-parts';

/** Category (a retired one stays choosable while set), organizer, whether it is an event, contacts, and the description. */
export const DetailsSection = ({ form, errors, onChange, categories }: SectionProps & { categories: AppointmentCategoryDto[] }) => {
  const { t } = useTranslation();
  return (
    <>
      <Fieldset legend={t('appointments.detail.details')}>
        <div className="field-row">
          <label className="inline-field" data-field="category">
            {t('appointments.fields.category')}
            <select name="category" value={form.category} aria-invalid={Boolean(errors.category)} onChange={(event) => onChange(patch({ category: event.target.value }))}>
              <option value="">{t('appointments.categories.none')}</option>
              {form.category && !categories.some((category) => category.id === form.category) ? <option value={form.category}>{form.category}</option> : null}
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.custom ? category.label : t(`appointments.categories.${category.id}`, { defaultValue: category.label })}
                </option>
              ))}
            </select>
            <FieldError errors={errors} field="category" />
          </label>
          <label className="inline-field">
            {t('appointments.fields.organizer')}
            <input name="organizer" value={form.organizer} maxLength={255} onChange={(event) => onChange(patch({ organizer: event.target.value }))} />
          </label>
        </div>
        <Check name="is_event" checked={form.is_event} onChange={(is_event) => onChange(patch({ is_event }))} label={t('appointments.fields.is_event')} />
        <MemberPicker label={t('appointments.fields.contacts')} name="contacts" value={form.contacts} onChange={(contacts) => onChange(patch({ contacts }))} />
      </Fieldset>
      <div className="field" data-field="description">
        <label htmlFor="appointment-description">{t('appointments.fields.description')}</label>
        <textarea id="appointment-description" name="description" rows={6} value={form.description} onChange={(event) => onChange(patch({ description: event.target.value }))} />
        <FieldError errors={errors} field="description" />
      </div>
    </>
  );
};
