/** Where the webhook pages lead, relative to the remote's routes (under /Home in the shell). */
export const webhookLinks = {
  deliveries: (manufacturerId: number, endpointId: number) =>
    `../Manufacturers/${manufacturerId}/Webhooks/${endpointId}`,
  manufacturer: (manufacturerId: number) => `../Manufacturers/${manufacturerId}`,
};
