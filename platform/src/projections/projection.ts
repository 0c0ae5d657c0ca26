// Projections are domain code (lint keeps them on the domain core); the runner imports their shape from here.
export { collectionName, type ProjectedDocument, type Projection, type ProjectionContext } from '@cn/domain';
