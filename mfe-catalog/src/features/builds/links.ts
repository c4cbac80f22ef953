/** Where the build pages lead, relative to the catalog's routes. */
export const buildLinks = {
  list: (productId: number) => `../ProductBuilds/${productId}`,
  details: (productId: number, buildId: number) => `../BuildDetails/${productId}/${buildId}`,
  createRelease: (productId: number, buildIds: number[]) => `../CreateRelease/${productId}/${buildIds.join(',')}`,
};
