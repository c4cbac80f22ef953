// Writes dist/chunk-graph.json, webpack's chunk graph reduced to what decides which files a browser loads:
// - entrypoints / chunkGroups: the chunks each entry point and each named chunk group (every federation expose,
//   every named dynamic import) loads together;
// - shared: the chunks loaded when this app's own copy of a shared module is used;
// - chunks: each chunk's JS files and the shared modules it consumes (each needs `shared[key]`, or another app's copy).
// The bundle budget (tools/bundle-budget) computes what is loaded at start-up from it, without running the app.
const FILE = 'chunk-graph.json';

class ChunkGraphPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ChunkGraphPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGraphPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const chunks = {};
          for (const chunk of compilation.chunks) {
            chunks[chunk.id] = {
              files: [...chunk.files].filter((file) => file.endsWith('.js')).sort(),
              consumes: compilation.chunkGraph
                .getChunkModules(chunk)
                .filter((module) => module.type === 'consume-shared-module')
                .map((module) => module.options.shareKey)
                .sort(),
            };
          }
          const chunkIds = (group) => group.chunks.map((chunk) => chunk.id).sort();
          const groups = (entries) => Object.fromEntries([...entries].map(([name, group]) => [name, chunkIds(group)]));
          const shared = {};
          for (const module of compilation.modules) {
            // A provided (non-eager) shared module loads its code through one async block: that block's chunk group.
            const block = module.type === 'provide-module' ? module.blocks[0] : undefined;
            const group = block && compilation.chunkGraph.getBlockChunkGroup(block);
            if (group) shared[module._name] = chunkIds(group);
          }
          const graph = {
            entrypoints: groups(compilation.entrypoints),
            chunkGroups: groups(compilation.namedChunkGroups),
            shared,
            chunks,
          };
          compilation.emitAsset(FILE, new sources.RawSource(JSON.stringify(graph, null, 1)));
        },
      );
    });
  }
}

module.exports = { ChunkGraphPlugin, CHUNK_GRAPH_FILE: FILE };
