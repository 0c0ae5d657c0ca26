import { APPOINTMENT_DESCRIPTION_TRUNCATE, EVENT_FILES_SHOWN, type AppointmentDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { truncate } from '../format';

/** The description (shortened until 'more'), the first files (all after 'show more') and the event image. */
export const DescriptionAndFiles = ({ appointment, description, language }: { appointment: AppointmentDto; description: string; language?: string }) => {
  const { t } = useTranslation();
  const [fullDescription, setFullDescription] = useState(false);
  const [allFiles, setAllFiles] = useState(false);
  const files = allFiles ? appointment.event_files : appointment.event_files.slice(0, EVENT_FILES_SHOWN);
  return (
    <>
      {description ? (
        <section className="detail-block" data-testid="detail-description">
          <h2>{t('appointments.detail.description')}</h2>
          <p className="description" lang={language}>
            {fullDescription ? description : truncate(description, APPOINTMENT_DESCRIPTION_TRUNCATE)}
          </p>
          {!fullDescription && description.length > APPOINTMENT_DESCRIPTION_TRUNCATE ? (
            <button type="button" className="button button--quiet" data-testid="description-more" onClick={() => setFullDescription(true)}>
              {t('appointments.detail.more')}
            </button>
          ) : null}
        </section>
      ) : null}
      {appointment.event_files.length > 0 ? (
        <section className="detail-block" data-testid="detail-files">
          <h2>{t('appointments.detail.files')}</h2>
          <ul>
            {files.map((file) => (
              <li key={file.id}>
                <a href={file.url}>{file.name}</a>
              </li>
            ))}
          </ul>
          {!allFiles && appointment.event_files.length > EVENT_FILES_SHOWN ? (
            <button type="button" className="button button--quiet" data-testid="files-more" onClick={() => setAllFiles(true)}>
              {t('appointments.detail.show_more_files', { count: appointment.event_files.length - EVENT_FILES_SHOWN })}
            </button>
          ) : null}
        </section>
      ) : null}
      {appointment.event_image ? <img className="event-image" src={appointment.event_image.large_thumb} alt="" /> : null}
    </>
  );
};
