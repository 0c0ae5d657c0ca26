import DescriptionIcon from '@mui/icons-material/Description';
import type { PageDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** Pages (/pages/{slug}) the navigation opens, with their history; administrators write and restore them, auditors read. */
export const pages = {
  list: lazyPage(() => import('./PageList').then((module) => module.PageList)),
  show: lazyPage(() => import('./PageShow').then((module) => module.PageShow)),
  create: lazyPage(() => import('./PageForms').then((module) => module.PageCreate)),
  edit: lazyPage(() => import('./PageForms').then((module) => module.PageEdit)),
  icon: DescriptionIcon,
  recordRepresentation: (page: PageDto) => page.title,
};
