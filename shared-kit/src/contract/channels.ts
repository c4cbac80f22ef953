// Owned by the catalog area (issue: mfe-catalog): schemas and types of the channels API.
export {};
