import { PROJECTION_FEATURES } from './features';
import { PROJECTION_READ_SIDES } from './read-sides';

describe('PROJECTION_READ_SIDES (what a rebuild loads)', () => {
  it('holds every feature\'s read models and publishers, the same ones in the same order as PROJECTION_FEATURES', () => {
    const ofFeatures = PROJECTION_FEATURES.filter((feature) => feature.readModels ?? feature.sealedReadModels ?? feature.publishers);
    expect(PROJECTION_READ_SIDES).toHaveLength(ofFeatures.length);
    PROJECTION_READ_SIDES.forEach((readSide, at) => {
      expect(readSide.readModels).toBe(ofFeatures[at].readModels);
      expect(readSide.sealedReadModels).toBe(ofFeatures[at].sealedReadModels);
      expect(readSide.publishers).toBe(ofFeatures[at].publishers);
    });
    const names = (readSides: typeof PROJECTION_READ_SIDES) => readSides.flatMap((readSide) => [...(readSide.readModels ?? []), ...(readSide.sealedReadModels ?? [])]).map((projection) => projection.name);
    expect(names(PROJECTION_READ_SIDES)).toEqual(names(PROJECTION_FEATURES));
    expect(names(PROJECTION_READ_SIDES)).toContain('audit_events');
  });
});
