import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { SelectInput, TextInput, useTranslate, type SelectInputProps, type TextInputProps } from 'react-admin';
import { Typography } from '@mui/material';

/** Settings text fields are never null on the server: keep '' instead of react-admin's default null. */
const keepEmptyString = (value: string): string => value;

export const SettingsTextInput = (props: TextInputProps) => (
  <TextInput parse={keepEmptyString} fullWidth {...props} />
);

export interface Choice {
  id: string | number;
  name: string;
  disabled?: boolean;
}

/** Choices whose labels are i18n keys `cn.choices.<group>.<value>` (translated by SelectInput). */
export const choicesOf = (values: readonly (string | number)[], group: string): Choice[] =>
  values.map((value) => ({ id: value, name: `cn.choices.${group}.${value}` }));

/** A select over numbers (zoom levels): MUI hands back what the DOM holds, so coerce once more. */
const toNumberOrNull = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

export const NumberSelectInput = (props: SelectInputProps) => <SelectInput parse={toNumberOrNull} {...props} />;

/** Renders its children only while the watched form value passes the test (conditional settings). */
export const WhenValue = ({
  source,
  is,
  children,
}: {
  source: string;
  is: (value: unknown) => boolean;
  children: ReactNode;
}) => {
  const value: unknown = useWatch({ name: source });
  return is(value) ? <>{children}</> : null;
};

export const SectionTitle = ({ label }: { label: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
      {translate(label)}
    </Typography>
  );
};
