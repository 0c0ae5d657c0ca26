import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { chatReadSide } from './chat.read-side';

/** Chat: its read models (texts kept sealed, revealed when answered) and the pushes to open chat sockets; the socket itself is attached beside the realtime channel. */
@Module({})
export class ChatReadModule {}

export const chatFeature: ProjectionFeature = { module: ChatReadModule, ...chatReadSide };
