import { Box, Button as MuiButton, FormHelperText, FormLabel, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useInput, useTranslate, type InputProps } from 'react-admin';

const COMMANDS = [
  { command: 'bold', label: 'B' },
  { command: 'italic', label: 'I' },
  { command: 'insertUnorderedList', label: '•' },
  { command: 'formatBlock', value: 'h2', label: 'H2' },
  { command: 'formatBlock', value: 'p', label: '¶' },
] as const;

/**
 * A small rich-text field (no editor library is installed): a contentEditable area with bold, italic,
 * list and heading buttons, whose HTML is the field's value. The server sanitises whatever it receives.
 */
export const RichTextInput = (props: InputProps & { label: string; testId: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput(props);
  const area = useRef<HTMLDivElement>(null);
  const value = typeof field.value === 'string' ? field.value : '';
  useEffect(() => {
    // only an outside change (the record loaded, a reset) rewrites the area: typing keeps the caret
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);
  const sync = () => field.onChange(area.current?.innerHTML ?? '');
  const error = fieldState.error?.message;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <FormLabel>{translate(props.label)}</FormLabel>
      <Stack direction="row" spacing={0.5} sx={{ my: 0.5 }}>
        {COMMANDS.map((entry) => (
          <MuiButton
            key={`${entry.command}-${entry.label}`}
            size="small"
            variant="outlined"
            onMouseDown={(event) => {
              event.preventDefault();
              document.execCommand(entry.command, false, 'value' in entry ? entry.value : undefined);
              sync();
            }}
          >
            {entry.label}
          </MuiButton>
        ))}
      </Stack>
      <Box
        ref={area}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={translate(props.label)}
        data-testid={props.testId}
        onInput={sync}
        onBlur={() => {
          sync();
          field.onBlur();
        }}
        sx={{ minHeight: 160, border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, p: 1.5, '&:focus': { outline: 2, outlineColor: 'primary.main' } }}
      />
      {error ? <FormHelperText error>{translate(error, { _: error })}</FormHelperText> : null}
    </Box>
  );
};
