import type { ImprintEvent, LegalConsentEvent, LegalTextEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/* ---- the imprint ---- */

export interface ImprintState {
  /** how many times the imprint was saved: the revision a form is read at */
  revision: number;
  content: string;
  mail_imprint: string;
  show_newsletter_info: boolean;
}

export type ImprintCommand = { type: 'ChangeImprint'; content: string; mail_imprint: string; show_newsletter_info: boolean; revision: number };

export const imprintDecider: Decider<ImprintState, ImprintCommand, ImprintEvent> = {
  initialState: () => ({ revision: 0, content: '', mail_imprint: '', show_newsletter_info: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ImprintChanged':
        return { revision: state.revision + 1, ...event.data };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ChangeImprint': {
        // an edit never silently undoes another one saved since the form was read
        if (command.revision !== state.revision) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
        const { content, mail_imprint, show_newsletter_info } = command;
        if (content === state.content && mail_imprint === state.mail_imprint && show_newsletter_info === state.show_newsletter_info) {
          throw new DomainError('nothing_changed', 'refused');
        }
        return [{ type: 'ImprintChanged', data: { content, mail_imprint, show_newsletter_info } }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

/* ---- the legal texts ---- */

export interface LegalTextState {
  handle: string;
  read_only: boolean;
  /** events of this text so far: the revision a form is read at */
  revision: number;
  version: number;
  html_text: string;
  /** the newest version members must have accepted */
  consent_version: number | null;
}

export interface LegalTextsState {
  texts: Record<string, LegalTextState>;
}

interface LegalTextFields {
  legal_text_id: string;
  name: string;
  handle: string;
  statement: string;
  html_text: string;
  requires_consent: boolean;
}

export type LegalTextsCommand =
  | ({ type: 'CreateLegalText'; read_only: boolean } & LegalTextFields)
  | ({ type: 'EditLegalText'; revision: number } & LegalTextFields)
  | { type: 'DeleteLegalText'; legal_text_id: string };

const handleTaken = (state: LegalTextsState, handle: string, except: string | null): boolean =>
  Object.entries(state.texts).some(([id, text]) => id !== except && text.handle === handle);

const touched = (text: LegalTextState, change: Partial<LegalTextState>): LegalTextState => ({ ...text, ...change, revision: text.revision + 1 });

export const legalTextsDecider: Decider<LegalTextsState, LegalTextsCommand, LegalTextEvent> = {
  initialState: () => ({ texts: {} }),
  evolve: (state, event) => {
    const id = event.data.legal_text_id;
    const text = state.texts[id];
    switch (event.type) {
      case 'LegalTextCreated':
        return {
          texts: { ...state.texts, [id]: { handle: event.data.handle, read_only: event.data.read_only, revision: 1, version: 0, html_text: '', consent_version: null } },
        };
      case 'LegalTextEdited':
        return text ? { texts: { ...state.texts, [id]: touched(text, { handle: event.data.handle }) } } : state;
      case 'LegalTextVersionPublished':
        return text
          ? {
              texts: {
                ...state.texts,
                [id]: touched(text, {
                  version: event.data.version,
                  html_text: event.data.html_text,
                  consent_version: event.data.requires_consent ? event.data.version : text.consent_version,
                }),
              },
            }
          : state;
      case 'LegalTextDeleted': {
        const texts = { ...state.texts };
        delete texts[id];
        return { texts };
      }
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateLegalText': {
        if (handleTaken(state, command.handle, null)) throw new DomainError('handle_taken', 'conflict', 'handle');
        const { legal_text_id, name, handle, statement, read_only, html_text, requires_consent } = command;
        return [
          { type: 'LegalTextCreated', data: { legal_text_id, name, handle, statement, read_only } },
          { type: 'LegalTextVersionPublished', data: { legal_text_id, version: 1, html_text, requires_consent } },
        ];
      }
      case 'EditLegalText': {
        const text = state.texts[command.legal_text_id];
        if (!text) throw new DomainError('not_found', 'not_found');
        if (text.read_only) throw new DomainError('legal_text_read_only', 'refused');
        if (command.revision !== text.revision) throw new DomainError('concurrency_conflict', 'conflict', 'revision');
        if (handleTaken(state, command.handle, command.legal_text_id)) throw new DomainError('handle_taken', 'conflict', 'handle');
        const { legal_text_id, name, handle, statement, html_text, requires_consent } = command;
        const events: LegalTextEvent[] = [{ type: 'LegalTextEdited', data: { legal_text_id, name, handle, statement } }];
        // versions are immutable: a changed text, or asking for consent again, is a new version
        const askAgain = requires_consent && text.consent_version !== text.version;
        if (html_text !== text.html_text || askAgain) {
          events.push({ type: 'LegalTextVersionPublished', data: { legal_text_id, version: text.version + 1, html_text, requires_consent } });
        }
        return events;
      }
      case 'DeleteLegalText':
        if (!state.texts[command.legal_text_id]) throw new DomainError('not_found', 'not_found');
        return [{ type: 'LegalTextDeleted', data: { legal_text_id: command.legal_text_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

/* ---- one member's consents ---- */

export interface LegalConsentState {
  /** `<legal_text_id>:<version>` of every acceptance */
  accepted: string[];
}

export type LegalConsentCommand = {
  type: 'AcceptLegalText';
  member_id: string;
  legal_text_id: string;
  version: number;
  /** the text as the legal-texts stream has it now; null when it does not exist */
  text: LegalTextState | null;
};

export const consentKey = (legalTextId: string, version: number): string => `${legalTextId}:${version}`;

export const legalConsentDecider: Decider<LegalConsentState, LegalConsentCommand, LegalConsentEvent> = {
  initialState: () => ({ accepted: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'LegalTextAccepted':
        return { accepted: [...state.accepted, consentKey(event.data.legal_text_id, event.data.version)] };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (!command.text) throw new DomainError('not_found', 'not_found', 'legal_text_id');
    // only the current version can be accepted: an older one was replaced by what the member must see now
    if (command.version !== command.text.version) throw new DomainError('version_outdated', 'conflict', 'version');
    // accepting twice proves nothing more: the first acceptance stays the proof
    if (state.accepted.includes(consentKey(command.legal_text_id, command.version))) return [];
    return [{ type: 'LegalTextAccepted', data: { legal_text_id: command.legal_text_id, version: command.version, member_id: command.member_id } }];
  },
};
