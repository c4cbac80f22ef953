/** Where the manufacturer pages lead, relative to the remote's routes (under /Home in the shell, or wherever it is mounted). */
export const manufacturerLinks = {
  list: '../Manufacturers',
  details: (manufacturerId: number) => `../Manufacturers/${manufacturerId}`,
};
