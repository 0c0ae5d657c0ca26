export { CalendarFormPage } from './CalendarFormPage';
export { CalendarsManagePage } from './CalendarsManagePage';
export { CalendarsSubscribePage } from './CalendarsSubscribePage';
export { CalendarTokenSection } from './CalendarTokenSection';
