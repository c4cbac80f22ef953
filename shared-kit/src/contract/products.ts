// Owned by the catalog area (issue: mfe-catalog): schemas and types of the products API.
export {};
