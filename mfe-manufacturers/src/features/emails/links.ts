/** Where the email pages lead, relative to the remote's routes (under /Home in the shell). */
export const emailLinks = {
  log: (manufacturerId: number) => `../Manufacturers/${manufacturerId}/Emails`,
  email: (manufacturerId: number, emailId: number) => `../Manufacturers/${manufacturerId}/Emails/${emailId}`,
  manufacturer: (manufacturerId: number) => `../Manufacturers/${manufacturerId}`,
};
