import { useEffect, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Button, Loading, Title, useGetOne, useTranslate, useUpdate } from 'react-admin';
import { Card, CardContent, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import type { UpcomingActivityDto } from '@cn/contracts';
import { useSavingToasts } from '../layout/useSavingToasts';
import type { UpcomingActivitiesRecord } from './newsletter-data-provider';
import { moveInOrder } from './newsletter-form';

const formatStart = (start: string, locale: string): string => new Date(start).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /newsletter/settings/upcoming_activities: the upcoming appointments in the order the newsletter lists
 * them. Rows move by drag and drop, or from the keyboard (a focused row: Alt+↑/↓, or its arrow buttons);
 * Save sends the whole order.
 */
export const UpcomingActivitiesOrder = () => {
  const translate = useTranslate();
  const savingToasts = useSavingToasts();
  const { data, isPending } = useGetOne<UpcomingActivitiesRecord>('newsletter', { id: 'upcoming_activities' });
  const [rows, setRows] = useState<UpcomingActivityDto[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [update, { isPending: saving }] = useUpdate();
  useEffect(() => {
    if (data) setRows(data.activities);
  }, [data]);
  if (isPending || !data) return <Loading />;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    setRows((current) => moveInOrder(current, from, to));
    setAnnouncement(translate('resources.newsletter.moved', { name: rows[from].name, position: to + 1 }));
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    move(index, to);
    // the row keeps the focus where it went
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="upcoming-row-${to}"]`)?.focus());
  };
  const onDrop = (index: number) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };
  const changed = rows.map((row) => row.id).join() !== data.activities.map((row) => row.id).join();
  const save = () =>
    update('newsletter', { id: 'upcoming_activities', data: { order: rows.map((row) => row.id) }, previousData: data }, { mutationMode: 'pessimistic', ...savingToasts });

  return (
    <Card>
      <Title title="resources.newsletter.upcoming_title" />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('resources.newsletter.upcoming_hint')}
        </Typography>
        {rows.length === 0 ? (
          <Typography data-testid="upcoming-empty">{translate('resources.newsletter.upcoming_empty')}</Typography>
        ) : (
          <List aria-label={translate('resources.newsletter.upcoming_title')} data-testid="upcoming-list">
            {rows.map((row, index) => (
              <ListItem
                key={row.id}
                data-testid={`upcoming-row-${index}`}
                tabIndex={0}
                draggable
                onDragStart={() => setDragged(index)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={onDrop(index)}
                onKeyDown={onKeyDown(index)}
                aria-roledescription={translate('resources.newsletter.sortable_row')}
                sx={{ border: '1px solid', borderColor: 'divider', mb: 0.5, cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
                secondaryAction={
                  <>
                    <IconButton aria-label={translate('resources.newsletter.move_up', { name: row.name })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton aria-label={translate('resources.newsletter.move_down', { name: row.name })} disabled={index === rows.length - 1} onClick={() => move(index, index + 1)}>
                      <ArrowDownwardIcon />
                    </IconButton>
                  </>
                }
              >
                <DragIndicatorIcon sx={{ mr: 1, color: 'text.secondary' }} />
                <ListItemText primary={row.name} secondary={formatStart(row.start, document.documentElement.lang || 'en')} />
              </ListItem>
            ))}
          </List>
        )}
        <div aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {announcement}
        </div>
        <Button label="ra.action.save" variant="contained" disabled={!changed || saving} onClick={() => void save()} data-testid="upcoming-save" />
      </CardContent>
    </Card>
  );
};
