// Imported first by main.ts. Libraries choose their build by NODE_ENV when first loaded: unset, React renders
// every mail with its development build, about ten times the CPU of the production one. The server is production
// unless NODE_ENV says otherwise (tests and tools that build the app themselves keep their own).
process.env.NODE_ENV ??= 'production';
