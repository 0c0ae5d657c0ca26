import GavelIcon from '@mui/icons-material/Gavel';
import type { LegalTextDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** Legal texts with their immutable versions and who accepted them; administrators edit, auditors read. */
export const legalTexts = {
  list: lazyPage(() => import('./LegalTextList').then((module) => module.LegalTextList)),
  show: lazyPage(() => import('./LegalTextShow').then((module) => module.LegalTextShow)),
  create: lazyPage(() => import('./LegalTextForms').then((module) => module.LegalTextCreate)),
  edit: lazyPage(() => import('./LegalTextForms').then((module) => module.LegalTextEdit)),
  icon: GavelIcon,
  recordRepresentation: (text: LegalTextDto) => text.name,
};

/** The consent ledger across all texts (read by auditors and administrators). */
export const legalAcceptances = {
  list: lazyPage(() => import('./LegalAcceptanceList').then((module) => module.LegalAcceptanceList)),
  recordRepresentation: () => '',
};
