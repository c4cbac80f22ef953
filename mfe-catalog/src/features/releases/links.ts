/** Where the release pages lead, relative to the catalog's routes. */
export const releaseLinks = {
  list: (productId: number) => `../ProductReleases/${productId}`,
  create: (productId: number) => `../CreateRelease/${productId}`,
  edit: (productId: number, releaseId: number) => `../UpdateRelease/${productId}/${releaseId}`,
};
