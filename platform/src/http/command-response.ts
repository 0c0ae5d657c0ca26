import type { Response } from 'express';
import { CONSISTENCY_HEADER, type CommandAccepted } from '@cn/contracts';

/** Every accepted command answers the global position of its last event (read-your-writes for the consoles). */
export const commandAccepted = (res: Response, position: number): CommandAccepted => {
  res.setHeader(CONSISTENCY_HEADER, String(position));
  return { position };
};
