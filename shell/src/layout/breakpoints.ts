/** Below this width the main menu moves from the sidebar into the top bar's Menu button and the top bar compacts. */
export const SIDEBAR_FROM_PX = 768;
export const narrowScreen = `@media (max-width: ${SIDEBAR_FROM_PX - 0.02}px)`;
