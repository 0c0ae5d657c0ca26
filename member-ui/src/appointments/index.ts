export { AppointmentDetailPage } from './AppointmentDetailPage';
export { AppointmentFormPage } from './AppointmentFormPage';
export { AppointmentsPage } from './AppointmentsPage';
export { ContactPage } from './ContactPage';
export { ParticipantsPage } from './ParticipantsPage';
