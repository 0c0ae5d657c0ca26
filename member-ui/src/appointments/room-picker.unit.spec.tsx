/** @jest-environment jsdom */
import './jsdom-text-encoding.cjs';
import type { MeetingRoomDto } from '@cn/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { roomPickerState, roomSpanOf } from './room-picker';
import { RoomPicker } from './RoomPicker';

const room = (id: string, name: string, occupied: boolean): MeetingRoomDto => ({ id, name, capacity: null, occupied });
const span = { start: '2030-01-07T09:00:00.000Z', end: '2030-01-07T10:00:00.000Z' };

describe('room picker states', () => {
  it('asks nothing without a usable end', () => {
    expect(roomSpanOf('2030-01-07T09:00:00.000Z', null)).toBeNull();
    expect(roomSpanOf('2030-01-07T09:00:00.000Z', '2030-01-07T08:00:00.000Z')).toBeNull();
    expect(roomSpanOf(span.start, span.end)).toEqual(span);
    expect(roomPickerState(null, { phase: 'idle' }, null)).toEqual({ kind: 'no_end' });
  });

  it('loading, error, none free (unless the chosen room is the only free one), ready', () => {
    expect(roomPickerState(span, { phase: 'loading' }, null).kind).toBe('loading');
    expect(roomPickerState(span, { phase: 'failed' }, null).kind).toBe('error');
    const busy = [room('a', 'Saal', true)];
    expect(roomPickerState(span, { phase: 'loaded', rooms: busy }, null).kind).toBe('none_free');
    expect(roomPickerState(span, { phase: 'loaded', rooms: [] }, null).kind).toBe('none_free');
    expect(roomPickerState(span, { phase: 'loaded', rooms: busy }, 'a').kind).toBe('ready');
    expect(roomPickerState(span, { phase: 'loaded', rooms: [...busy, room('b', 'Raum 1', false)] }, null).kind).toBe('ready');
  });
});

describe('<RoomPicker>', () => {
  const i18n = createI18n('en', allTranslations);
  const renderPicker = (props: Partial<Parameters<typeof RoomPicker>[0]> & Pick<Parameters<typeof RoomPicker>[0], 'loadRooms'>) => {
    const onChange = jest.fn();
    const view = render(
      <I18nextProvider i18n={i18n}>
        <RoomPicker span={span} value={null} onChange={onChange} {...props} />
      </I18nextProvider>,
    );
    return { onChange, view };
  };

  it('does not load without an end', () => {
    const loadRooms = jest.fn(() => Promise.resolve([]));
    renderPicker({ span: null, loadRooms });
    expect(loadRooms).not.toHaveBeenCalled();
    expect(screen.getByTestId('room-picker').dataset.state).toBe('no_end');
    expect(screen.getByRole('combobox')).toHaveProperty('disabled', true);
  });

  it('shows loading, then the rooms with occupied ones disabled, and picks a free one', async () => {
    let resolve: (rooms: MeetingRoomDto[]) => void = () => undefined;
    const loadRooms = jest.fn(() => new Promise<MeetingRoomDto[]>((done) => (resolve = done)));
    const { onChange } = renderPicker({ loadRooms });
    expect(loadRooms).toHaveBeenCalledWith(span);
    expect(screen.getByTestId('rooms-loading').textContent).toBe('Loading meeting rooms…');
    await act(() => Promise.resolve(resolve([room('saal', 'Saal', true), room('b1', 'Besprechungsraum 1', false)])));
    const saal = screen.getByRole('option', { name: 'Saal (occupied)' });
    expect(saal).toHaveProperty('disabled', true);
    expect(screen.getByRole('option', { name: 'Besprechungsraum 1' })).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'b1' } });
    expect(onChange).toHaveBeenCalledWith({ id: 'b1', name: 'Besprechungsraum 1' });
  });

  it('says when no room is free, and shows the generic error when loading fails', async () => {
    renderPicker({ loadRooms: () => Promise.resolve([room('saal', 'Saal', true)]) });
    expect((await screen.findByTestId('rooms-none-free')).textContent).toBe('No meeting room is free at this time.');
    renderPicker({ loadRooms: () => Promise.reject(new Error('down')) });
    expect((await screen.findByTestId('rooms-error')).textContent).toBe('The meeting rooms could not be loaded.');
  });
});
