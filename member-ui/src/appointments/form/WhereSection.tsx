import type { MeetingRoomDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { startEndOf } from '../appointment-form';
import { roomSpanOf } from '../room-picker';
import { RoomPicker } from '../RoomPicker';
import { FieldError, Fieldset, patchNested, type SectionProps } from './form-parts';

const ADDRESS_FIELDS = ['name', 'address1', 'address2', 'zip', 'city', 'country'] as const;

/** A meeting room free at the chosen time (asked once the end is known), and the address. */
export const WhereSection = ({
  form,
  errors,
  onChange,
  loadRooms,
}: SectionProps & { loadRooms: (span: { start: string; end: string }) => Promise<MeetingRoomDto[]> }) => {
  const { t } = useTranslation();
  const roomSpan = (() => {
    if (!form.end_date || (!form.all_day && !form.end_time)) return null;
    const { start, end } = startEndOf(form);
    return roomSpanOf(start, end);
  })();
  return (
    <>
      <Fieldset legend={t('appointments.rooms.label')}>
        <RoomPicker
          span={roomSpan}
          value={form.meeting.room_id}
          loadRooms={loadRooms}
          error={errors['meeting.room_id'] ?? null}
          onChange={(room) => onChange(patchNested('meeting', { room_id: room?.id ?? null, room_name: room?.name ?? '' }))}
        />
      </Fieldset>
      <Fieldset legend={t('appointments.detail.location')}>
        <div className="field-grid">
          {ADDRESS_FIELDS.map((key) => (
            <label key={key} className="inline-field" data-field={`location.${key}`}>
              {t(`appointments.fields.location_${key}`)}
              <input
                name={`location.${key}`}
                value={form.location[key]}
                maxLength={key === 'zip' ? 10 : 255}
                aria-invalid={Boolean(errors[`location.${key}`])}
                onChange={(event) => onChange(patchNested('location', { [key]: event.target.value }))}
              />
              <FieldError errors={errors} field={`location.${key}`} />
            </label>
          ))}
        </div>
      </Fieldset>
    </>
  );
};
