export { buildProgram, CLI_VERSION } from './program.js';
