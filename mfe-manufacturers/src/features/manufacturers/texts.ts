// The texts this area shows, verbatim (docs/console.md: Roles and access, Manufacturers).
export const ACCESS_DENIED = 'Access denied. Superuser privileges required.';
export const MANUFACTURER_NOT_FOUND = 'Manufacturer not found';
export const UNABLE_TO_ACCESS_DETAILS = 'Unable to access manufacturer details';
export const UPDATE_SUCCEEDED = 'Manufacturer updated successfully!';
export const UPDATE_FAILED = 'Failed to update manufacturer. Please try again.';
// Not in docs/console.md's fixed texts: a load that failed for another reason than a missing manufacturer (server down, timeout).
export const LOAD_FAILED = 'The manufacturer could not be loaded. Please try again.';
