// All of core's exports as one module of the document's own: the document names core's schemas by
// their export names, and a namespace of this module (loaded with the document) leaves core's own
// modules to load only what the running server uses.
export * from '@socialpub/core';
