import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { TagAdminDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** The network's tags (/administration/tags): administrators rename, merge and delete; auditors read. */
export const tags = {
  list: lazyPage(() => import('./TagList').then((module) => module.TagList)),
  edit: lazyPage(() => import('./TagEdit').then((module) => module.TagEdit)),
  icon: LocalOfferIcon,
  recordRepresentation: (tag: TagAdminDto) => tag.name,
};
