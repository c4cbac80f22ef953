export const manufacturerChannelsPath = (manufacturerId: number | string) => `/manufacturers/${manufacturerId}/channels`;
export const channelReleasesPath = (manufacturerId: number | string, channelId: number | string) => `${manufacturerChannelsPath(manufacturerId)}/${channelId}/releases`;
