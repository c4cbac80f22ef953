/** Which user joins or leaves which channel of which manufacturer. */
export interface MembershipTarget {
  manufacturerId: number;
  channelId: number;
  userId: number;
}
