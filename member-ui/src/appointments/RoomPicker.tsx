import type { AppointmentMeeting, MeetingRoomDto } from '@cn/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roomPickerState, type RoomsLoad } from './room-picker';

export interface RoomPickerProps {
  /** the span of the appointment; null while no end is set */
  span: { start: string; end: string } | null;
  value: AppointmentMeeting['room_id'];
  loadRooms: (span: { start: string; end: string }) => Promise<MeetingRoomDto[]>;
  onChange: (room: { id: string; name: string } | null) => void;
  error?: string | null;
}

const label = (room: MeetingRoomDto, t: (key: string, options?: Record<string, unknown>) => string): string => {
  const name = room.capacity === null ? room.name : t('appointments.rooms.capacity', { name: room.name, count: room.capacity });
  return room.occupied ? t('appointments.rooms.occupied', { name }) : name;
};

/** Meeting rooms for the appointment's time: loaded once an end is set, occupied ones disabled. */
export const RoomPicker = ({ span, value, loadRooms, onChange, error }: RoomPickerProps) => {
  const { t } = useTranslation();
  const [load, setLoad] = useState<RoomsLoad>({ phase: 'idle' });
  const start = span?.start ?? null;
  const end = span?.end ?? null;

  useEffect(() => {
    if (start === null || end === null) {
      setLoad({ phase: 'idle' });
      return;
    }
    let current = true;
    setLoad({ phase: 'loading' });
    loadRooms({ start, end })
      .then((rooms) => {
        if (current) setLoad({ phase: 'loaded', rooms });
      })
      .catch(() => {
        if (current) setLoad({ phase: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [start, end, loadRooms]);

  const state = roomPickerState(span, load, value);
  return (
    <div className="field" data-field="meeting.room_id" data-testid="room-picker" data-state={state.kind}>
      <label className="inline-field">
        {t('appointments.rooms.label')}
        <select
          name="meeting.room_id"
          value={value ?? ''}
          disabled={state.kind !== 'ready' && state.kind !== 'none_free'}
          aria-invalid={Boolean(error)}
          onChange={(event) => {
            const room = state.kind === 'ready' || state.kind === 'none_free' ? state.rooms.find((r) => r.id === event.target.value) : undefined;
            onChange(room ? { id: room.id, name: room.name } : null);
          }}
        >
          <option value="">{t('appointments.rooms.none')}</option>
          {state.kind === 'ready' || state.kind === 'none_free'
            ? state.rooms.map((room) => (
                <option key={room.id} value={room.id} disabled={room.occupied && room.id !== value}>
                  {label(room, t)}
                </option>
              ))
            : null}
        </select>
      </label>
      {state.kind === 'no_end' ? <p className="muted" data-testid="rooms-no-end">{t('appointments.rooms.end_required')}</p> : null}
      {state.kind === 'loading' ? (
        <p className="muted" role="status" data-testid="rooms-loading">
          {t('appointments.rooms.loading')}
        </p>
      ) : null}
      {state.kind === 'none_free' ? <p className="muted" data-testid="rooms-none-free">{t('appointments.rooms.none_free')}</p> : null}
      {state.kind === 'error' ? (
        <p className="field__error" role="alert" data-testid="rooms-error">
          {t('appointments.rooms.error')}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" data-testid="error-meeting.room_id" data-key={error}>
          {t(`appointments.errors.${error}`, { defaultValue: t(`errors.${error}`) })}
        </p>
      ) : null}
    </div>
  );
};
