// Owned by the licensing area (issue: mfe-licensing): schemas and types of the trials API.
export {};
