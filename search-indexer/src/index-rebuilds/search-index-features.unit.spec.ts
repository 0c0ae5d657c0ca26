import { SEARCH_INDEX_FEATURES, searchFeatureOfRebuild, searchIndexRebuildTarget } from '@cn/contracts';
import { SEARCH_FEATURES } from '../features';

describe('the search features the console may rebuild', () => {
  it('are the features listed in features.ts, less those that keep no index', () => {
    const withoutIndexes = ['global-search', 'index-rebuilds'];
    expect([...SEARCH_INDEX_FEATURES].sort()).toEqual(SEARCH_FEATURES.map((feature) => feature.name).filter((name) => !withoutIndexes.includes(name)).sort());
  });

  it('are named as rebuild targets that no read model collection matches', () => {
    for (const feature of SEARCH_INDEX_FEATURES) expect(searchFeatureOfRebuild(searchIndexRebuildTarget(feature))).toBe(feature);
    expect(searchFeatureOfRebuild('members_v2')).toBeNull();
    expect(searchFeatureOfRebuild('searchindex_nothing')).toBeNull();
  });
});
