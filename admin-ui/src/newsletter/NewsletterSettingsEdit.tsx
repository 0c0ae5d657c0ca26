import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { BooleanInput, Button, SelectInput, required } from 'react-admin';
import { Link } from 'react-router-dom';
import { NEWSLETTER_INTERVALS, NEWSLETTER_TIMES, type NewsletterDay, type NewsletterInterval, type NewsletterTime } from '@cn/contracts';
import { NetworkRecordEdit } from '../layout/NetworkRecordEdit';
import { dayChoicesOf, daysForInterval } from './newsletter-form';
import { NEWSLETTER_TEMPLATE_PATH, NEWSLETTER_UPCOMING_PATH } from './newsletter-paths';

const intervalChoices = NEWSLETTER_INTERVALS.map((interval) => ({ id: interval, name: `resources.newsletter.intervals.${interval}` }));
const timeChoices = NEWSLETTER_TIMES.map((time) => ({ id: time, name: `cn.choices.digest_time.${time}` }));

/**
 * The day selectors follow the interval: weekdays for weekly, days of the month otherwise; semimonthly
 * adds a second day and time. Changing the interval moves a day that no longer fits to the interval's default.
 */
export const NewsletterDayInputs = () => {
  const { getValues, setValue } = useFormContext();
  const interval = useWatch({ name: 'interval' }) as NewsletterInterval | undefined;
  const seen = useRef<NewsletterInterval | undefined>(undefined);
  useEffect(() => {
    if (!interval) return;
    const previous = seen.current;
    seen.current = interval;
    if (previous === undefined || previous === interval) return;
    const days = daysForInterval(interval, {
      day: getValues('day') as NewsletterDay,
      second_day: (getValues('second_day') as NewsletterDay | null) ?? null,
      second_time: (getValues('second_time') as NewsletterTime | null) ?? null,
    });
    for (const [field, value] of Object.entries(days)) setValue(field, value, { shouldDirty: true });
  }, [interval, getValues, setValue]);
  if (!interval) return null;
  const days = dayChoicesOf(interval);
  return (
    <>
      <SelectInput source="day" label="resources.newsletter.fields.day" choices={days} validate={required()} />
      <SelectInput source="time" label="resources.newsletter.fields.time" choices={timeChoices} validate={required()} />
      {interval === 'semimonthly' && (
        <>
          <SelectInput source="second_day" label="resources.newsletter.fields.second_day" choices={days} validate={required()} />
          <SelectInput source="second_time" label="resources.newsletter.fields.second_time" choices={timeChoices} validate={required()} />
        </>
      )}
    </>
  );
};

/** /newsletter/settings: whether and when the newsletter goes out, with links to its order and template. */
export const NewsletterSettingsEdit = () => (
  <NetworkRecordEdit resource="newsletter" id="settings" title="resources.newsletter.settings_title" actions={false} saveTestId="newsletter-settings-save">
    <BooleanInput source="enabled" label="resources.newsletter.fields.enabled" />
    <SelectInput source="interval" label="resources.newsletter.fields.interval" choices={intervalChoices} validate={required()} />
    <NewsletterDayInputs />
    <div>
      <Button component={Link} to={NEWSLETTER_UPCOMING_PATH} label="resources.newsletter.upcoming_title" />
      <Button component={Link} to={NEWSLETTER_TEMPLATE_PATH} label="resources.newsletter.template_title" />
    </div>
  </NetworkRecordEdit>
);
