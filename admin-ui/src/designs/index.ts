import PaletteIcon from '@mui/icons-material/Palette';
import type { DesignDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** The network's designs (/administration/designs): administrators create, edit, activate and delete; auditors read. */
export const designs = {
  list: lazyPage(() => import('./DesignList').then((module) => module.DesignList)),
  create: lazyPage(() => import('./DesignForms').then((module) => module.DesignCreate)),
  edit: lazyPage(() => import('./DesignForms').then((module) => module.DesignEdit)),
  icon: PaletteIcon,
  recordRepresentation: (design: DesignDto) => design.name,
};
