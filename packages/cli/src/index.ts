export { EXIT_STATUS, EXIT_STATUS_HELP, type ExitStatus, exitStatusForHttp } from './output/exit-status.js';
export { buildProgram, CLI_VERSION } from './program.js';
