import { Module } from '@nestjs/common';
import type { SearchFeature } from '../core/search-feature';
import { ChannelDirectoryController } from './channel-directory.controller';
import { CHANNELS_INDEX_DEFINITION, channelsIndexing } from './channels-index';

/** The channel directory: its index and its search. */
@Module({ controllers: [ChannelDirectoryController] })
export class ChannelsSearchModule {}

export const channelsSearchFeature: SearchFeature = {
  name: 'channels',
  module: ChannelsSearchModule,
  indexing: async (open) => channelsIndexing(await open(CHANNELS_INDEX_DEFINITION)),
};
